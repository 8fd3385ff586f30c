"""The panels around the graph (inspector, modules, leaves, source, messages, problems,
timeline, legend, search): each reads the document and says what the user asked for with
signals; none imports the shell."""
