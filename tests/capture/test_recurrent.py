"""Recurrent models: a GRU over a packed batch of sequences is captured as torch's own walk reaches
it, in time that grows with the sequence (the ops a GRU cell makes inside it share the hidden state,
so their inner graph has exponentially many paths: each is followed once)."""

from __future__ import annotations

from collections import Counter

import torch

from .test_examples_graph import reference

GRU_SCRIPT = """\
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

torch.manual_seed(0)
embedding = nn.Embedding(20, 8)
gru = nn.GRU(8, 8, num_layers=2, bidirectional=True)
tokens = torch.randint(1, 20, (STEPS, 3))
lengths = torch.tensor([STEPS, STEPS - 2, STEPS - 5])
packed = pack_padded_sequence(embedding(tokens), lengths)
outputs, hidden = gru(packed)
outputs, _ = pad_packed_sequence(outputs)
summed = outputs[:, :, :8] + outputs[:, :, 8:]   # the two directions added
loss = summed.pow(2).mean() + hidden.pow(2).mean()
"""


def test_a_bidirectional_gru_over_packed_sequences_is_torchs_graph(write_script, runner):
    steps = 16
    script = write_script(GRU_SCRIPT.replace("STEPS", str(steps)), "gru.py")
    graph = runner.run(script, timeout=120).graph
    namespace: dict = {}
    exec(compile(GRU_SCRIPT.replace("STEPS", str(steps)), "gru.py", "exec"), namespace)
    ops, edges, leaves = reference([namespace["loss"].grad_fn])
    assert Counter(graph.nodes[n]["op"] for n in graph) == ops
    assert graph.number_of_edges() == edges
    assert sum(1 for n in graph if graph.nodes[n]["kind"] == "leaf") == len(leaves)
    weights = {graph.nodes[n]["name"] for n in graph if graph.nodes[n]["kind"] == "leaf"}
    assert {"gru.weight_ih_l0", "gru.weight_hh_l1_reverse", "embedding.weight"} <= weights
    assert isinstance(namespace["loss"], torch.Tensor)
