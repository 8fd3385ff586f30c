"""A 32-layer Llama decoder from Hugging Face ``transformers`` (about 3,000 autograd nodes).

``transformers``' own ``LlamaForCausalLM`` (RMSNorm, rotary position embeddings, causal
self-attention with separate ``q_proj``/``k_proj``/``v_proj``/``o_proj``, a SwiGLU MLP), built
from a ``LlamaConfig`` with random weights: nothing is downloaded. An LLM's depth (32 layers, as
Llama-2-7B) at a toy width (hidden 128, 4 heads, intermediate 256, vocabulary 1,000; 5.5M
parameters), over 32 tokens. The loss is the model's own causal-LM loss (``loss_function``:
the labels shifted by one, cross-entropy), the one its ``forward`` computes when given
``labels``. Module names are Hugging Face's (``model.layers.17.self_attn.q_proj``). Run as a
script it computes that loss and calls ``loss.backward()``: the call the app captures.

Needs ``transformers`` (``pip install -e '.[bench]'``); without it the script stops with an
``ImportError`` that says so.
"""

try:
    from transformers import LlamaConfig, LlamaForCausalLM
except ImportError as missing:  # the bench's optional need: say which package and how to get it
    raise ImportError(
        "bench/zoo/llama_32.py needs Hugging Face transformers, which this Python cannot import "
        f"({missing}); install it with: pip install -e '.[bench]' (or pip install 'transformers>=4.46')"
    ) from missing
import torch

VOCAB, HIDDEN, HEADS, INTERMEDIATE, LAYERS = 1000, 128, 4, 256, 32
SEQ = 32


def config(layers: int = LAYERS) -> LlamaConfig:
    """Return the model's configuration: Llama's architecture, small width, ``layers`` deep."""
    return LlamaConfig(
        vocab_size=VOCAB,
        hidden_size=HIDDEN,
        intermediate_size=INTERMEDIATE,
        num_hidden_layers=layers,
        num_attention_heads=HEADS,
        num_key_value_heads=HEADS,
        max_position_embeddings=2 * SEQ,
        use_cache=False,
        attn_implementation="eager",
    )


def build_layers(layers: int) -> dict:
    """Return the model with ``layers`` blocks, one batch of token ids, its labels and the loss."""
    torch.manual_seed(0)
    model = LlamaForCausalLM(config(layers))
    tokens = torch.randint(0, VOCAB, (1, SEQ))

    def lm_loss(output, labels: torch.Tensor) -> torch.Tensor:
        return model.loss_function(output.logits, labels, vocab_size=VOCAB)

    return {"model": model, "inputs": (tokens,), "target": tokens, "loss_fn": lm_loss}


def build() -> dict:
    """Return the 32-layer model, its batch, labels and loss."""
    return build_layers(LAYERS)


if __name__ == "__main__":
    parts = build()
    loss = parts["loss_fn"](parts["model"](*parts["inputs"]), parts["target"])
    loss.backward()
    print(f"loss = {loss.item():.4f}")
