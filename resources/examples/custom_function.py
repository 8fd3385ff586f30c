"""Lesson: a custom torch.autograd.Function defines its own forward and backward.

In the graph, MyReLUBackward stands where the built-in ReluBackward0 would: autograd calls our
backward() for it, using the input tensor saved with ctx.save_for_backward.
"""
import torch


class MyReLU(torch.autograd.Function):
    """ReLU written by hand: max(x, 0), with gradient 1 where x > 0 and 0 elsewhere."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * (x > 0).to(grad_output.dtype)


torch.manual_seed(0)
x = torch.randn(5)
w = torch.randn(5, requires_grad=True)
y = MyReLU.apply(x * w)
out = y.sum()

print(f"out = {out.item():.4f} (grad_fn of y: {type(y.grad_fn).__name__})")
