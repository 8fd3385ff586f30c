"""The canvas: the drawn graph (scene, items, overview, view and its interactions).

It shows a layout of a display graph and its look; it never imports the document, the panels or
the shell, so it can be reused (and tested) with a display graph and a layout alone.
"""
