"""Lesson: to use a tensor in numpy, cut it from the graph with .detach(), move it to the cpu, then call .numpy().

The graph ends at y (MulBackward0, y = w * 3 = [3, 6]): y.detach() returns the same numbers outside the graph, so
.to("cpu") and .numpy() add no node. y_np = [3. 6.] is a numpy array; y itself still has its graph, and Run Backward
gives w.grad = [3, 3] (dy/dw = 3). Calling y.numpy() directly fails: numpy() refuses a tensor that requires grad.
"""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
w = torch.tensor([1., 2.], requires_grad=True, device=device)
y = w * 3                                    # recorded: MulBackward0
y_np = y.detach().to("cpu").numpy()         # cut, copied to the cpu, then a numpy array

print(f"y_np = {y_np} ({type(y_np).__name__}); y.requires_grad = {y.requires_grad}")
