"""The worker and its client: running a user's script, under the user's own Python, and capturing
the graph it builds.

The worker's side (``worker``, ``child``, ``script`` and what they use) is the only place torch is
imported and needs nothing but the standard library, torch and ``protocol``; the client's side
(``client``, ``interpreter``, ``marker``) runs in the app and starts it. Importing this package
imports neither.
"""
