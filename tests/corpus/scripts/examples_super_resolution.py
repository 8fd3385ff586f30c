# Source: pytorch/examples, super_resolution/model.py (Net) and main.py (train step)
# (BSD-3-Clause, (c) 2017 PyTorch contributors).
# Adapted to run offline and fast: BSDS300 is replaced by 4 random 1x16x16 low-resolution crops
# and their 1x48x48 targets (upscale factor 3), one epoch of batch 2; test() and checkpoint saving
# (file writes) are gone. Net and train() are unchanged.
import torch
import torch.nn as nn
import torch.nn.init as init
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self, upscale_factor):
        super(Net, self).__init__()

        self.relu = nn.ReLU()
        self.conv1 = nn.Conv2d(1, 64, (5, 5), (1, 1), (2, 2))
        self.conv2 = nn.Conv2d(64, 64, (3, 3), (1, 1), (1, 1))
        self.conv3 = nn.Conv2d(64, 32, (3, 3), (1, 1), (1, 1))
        self.conv4 = nn.Conv2d(32, upscale_factor ** 2, (3, 3), (1, 1), (1, 1))
        self.pixel_shuffle = nn.PixelShuffle(upscale_factor)

        self._initialize_weights()

    def forward(self, x):
        x = self.relu(self.conv1(x))
        x = self.relu(self.conv2(x))
        x = self.relu(self.conv3(x))
        x = self.pixel_shuffle(self.conv4(x))
        return x

    def _initialize_weights(self):
        init.orthogonal_(self.conv1.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv2.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv3.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv4.weight)


class opt:  # the values main.py's argparse would give for this run
    upscale_factor, batchSize, nEpochs, lr, seed = 3, 2, 1, 0.01, 123


torch.manual_seed(opt.seed)
device = torch.device("cpu")
training_data_loader = DataLoader(
    TensorDataset(torch.rand(4, 1, 16, 16), torch.rand(4, 1, 48, 48)), batch_size=opt.batchSize, shuffle=True)

model = Net(upscale_factor=opt.upscale_factor).to(device)
criterion = nn.MSELoss()

optimizer = optim.Adam(model.parameters(), lr=opt.lr)


def train(epoch):
    epoch_loss = 0
    for iteration, batch in enumerate(training_data_loader, 1):
        input, target = batch[0].to(device), batch[1].to(device)

        optimizer.zero_grad()
        loss = criterion(model(input), target)
        epoch_loss += loss.item()
        loss.backward()
        optimizer.step()

        print("===> Epoch[{}]({}/{}): Loss: {:.4f}".format(epoch, iteration, len(training_data_loader), loss.item()))

    print("===> Epoch {} Complete: Avg. Loss: {:.4f}".format(epoch, epoch_loss / len(training_data_loader)))


for epoch in range(1, opt.nEpochs + 1):
    train(epoch)
