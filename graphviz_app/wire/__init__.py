"""What crosses between the app and the capture worker: the protocol on the pipe, the run's
options, messages, the errors the worker reports and the trace it writes (its schema, its
figures), with the garbage-collector pause both sides build with.

Standard library only: the worker imports it under the user's Python, the app on its side.
"""
