# Source: pytorch/tutorials, beginner_source/blitz/cifar10_tutorial.py ("Training a Classifier";
# BSD-3-Clause, (c) PyTorch contributors).
# Follows the tutorial's steps with its names (imshow, classes, Net, criterion, optimizer,
# trainloader), written out for this corpus to run offline and fast: CIFAR10 (a torchvision
# download) is 8 random 3x32x32 training and 4 test images in [-1, 1] with random labels, in
# TensorDatasets; torchvision.utils.make_grid (torchvision here does not match torch) is a
# torch.cat of the images side by side; 1 epoch of 2 batches of 4, the loss printed every batch.
# Kept: imshow() shows the training images with plt.show() before the first backward(), as the
# tutorial does (under plain python a window opens and the script waits until it is closed).
import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

classes = ('plane', 'car', 'bird', 'cat', 'deer', 'dog', 'frog', 'horse', 'ship', 'truck')
batch_size = 4
trainset = torch.utils.data.TensorDataset(torch.rand(8, 3, 32, 32) * 2 - 1, torch.randint(0, 10, (8,)))
trainloader = torch.utils.data.DataLoader(trainset, batch_size=batch_size, shuffle=True)
testset = torch.utils.data.TensorDataset(torch.rand(4, 3, 32, 32) * 2 - 1, torch.randint(0, 10, (4,)))
testloader = torch.utils.data.DataLoader(testset, batch_size=batch_size, shuffle=False)


def make_grid(images):
    """The images of a batch side by side, as one 3 x 32 x (32 * n) image."""
    return torch.cat(list(images), dim=2)


def imshow(img):
    img = img / 2 + 0.5  # back from [-1, 1] to [0, 1]
    plt.imshow(np.transpose(img.numpy(), (1, 2, 0)))
    plt.show()


images, labels = next(iter(trainloader))
imshow(make_grid(images))
print(' '.join(f'{classes[labels[j]]:5s}' for j in range(batch_size)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


net = Net()
criterion = nn.CrossEntropyLoss()
optimizer = optim.SGD(net.parameters(), lr=0.001, momentum=0.9)

for epoch in range(1):
    for i, (inputs, labels) in enumerate(trainloader):
        optimizer.zero_grad()
        outputs = net(inputs)
        loss = criterion(outputs, labels)
        loss.backward()
        optimizer.step()
        print(f'[{epoch + 1}, {i + 1}] loss: {loss.item():.3f}')
print('Finished Training')

images, labels = next(iter(testloader))
imshow(make_grid(images))
print('GroundTruth: ', ' '.join(f'{classes[labels[j]]:5s}' for j in range(batch_size)))
with torch.no_grad():
    _, predicted = torch.max(net(images), 1)
print('Predicted: ', ' '.join(f'{classes[predicted[j]]:5s}' for j in range(batch_size)))
