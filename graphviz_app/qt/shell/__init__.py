"""The shell: the main window (where canvas and panels are wired), its actions, the controller
that drives load -> layout -> scene, and the dialogs."""
