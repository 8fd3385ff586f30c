"""What is shown: the display graph, colours, looks, values and the steps of forward and backward."""
