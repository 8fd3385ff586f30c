# Source: pytorch/tutorials, recipes_source/recipes/saving_and_loading_models_for_inference.py
# ("Saving and loading models for inference in PyTorch"; BSD-3-Clause, (c) PyTorch contributors).
# Adapted to run offline, with no files: the state_dict and the entire model are saved to and
# loaded from an in-memory io.BytesIO instead of "state_dict_model.pt" / "entire_model.pt"; the
# entire model is loaded with weights_only=False (torch 2.6 and later load weights only by
# default, which refuses a pickled module); `import torch.nn.functional as F`, which the recipe
# leaves out, is added. The recipe ends at model.eval(): one loss.backward() through the loaded
# model on two random 32x32 images is added. Net is unchanged, and is pickled by reference as
# __main__.Net: this needs the script to be the module __main__, as under plain python.
import io

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = x.flatten(start_dim=1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x

net = Net()
print(net)

optimizer = optim.SGD(net.parameters(), lr=0.001, momentum=0.9)

# Save and load the model via state_dict
PATH = io.BytesIO()
torch.save(net.state_dict(), PATH)
PATH.seek(0)
model = Net()
model.load_state_dict(torch.load(PATH))
model.eval()

# Save and load the entire model
PATH = io.BytesIO()
torch.save(net, PATH)
PATH.seek(0)
model = torch.load(PATH, weights_only=False)
model.eval()
print(type(model).__module__, type(model).__name__)

# Added: a gradient through the loaded model.
images, labels = torch.randn(2, 3, 32, 32), torch.tensor([1, 7])
loss = F.cross_entropy(model(images), labels)
loss.backward()
print(f"loss {loss.item():.4f}")
