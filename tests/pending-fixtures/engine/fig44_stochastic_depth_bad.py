# CIFAR-style ResNet with stochastic depth (PyTea thesis, Figure 4.4): while training, each
# residual block samples a Bernoulli variable and either runs its convolutions or is skipped
# (only its shortcut is applied), so every block doubles the number of paths.
# Bugs (PyTorch 1.13 raises, per failing line):
#   1. the block that changes channels (16 -> 32, stride 2) downsamples its shortcut when it
#      is skipped, but not when it runs: out [64, 32, 16, 16] + residual [64, 16, 32, 32]
#      -> RuntimeError: The size of tensor a (16) must match the size of tensor b (32) at non-singleton dimension 3
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset


def conv3x3(in_planes, out_planes, stride=1):
    return nn.Conv2d(in_planes, out_planes, kernel_size=3, stride=stride, padding=1, bias=False)


class StochasticBlock(nn.Module):
    def __init__(self, inplanes, planes, stride=1, downsample=None, death_rate=0.0):
        super(StochasticBlock, self).__init__()
        self.conv1 = conv3x3(inplanes, planes, stride)
        self.bn1 = nn.BatchNorm2d(planes)
        self.relu1 = nn.ReLU(inplace=True)
        self.conv2 = conv3x3(planes, planes)
        self.bn2 = nn.BatchNorm2d(planes)
        self.relu2 = nn.ReLU()
        self.downsample = downsample
        self.prob = 1.0 - death_rate
        self.m = torch.distributions.Bernoulli(torch.tensor([self.prob]))

    def forward(self, x):
        residual = x

        if self.training:
            # sample the survival of this block for this minibatch
            sample = self.m.sample().item()
            if sample > 0:
                out = self.conv1(x)
                out = self.bn1(out)
                out = self.relu1(out)
                out = self.conv2(out)
                out = self.bn2(out)
                out = out + residual  # expect: shape/broadcast
            else:
                if self.downsample is not None:
                    residual = self.downsample(x)
                out = residual
        else:
            out = self.bn2(self.conv2(self.relu1(self.bn1(self.conv1(x)))))
            if self.downsample is not None:
                residual = self.downsample(x)
            out = self.prob * out + residual

        out = self.relu2(out)
        return out


class StochasticResNet(nn.Module):
    def __init__(self, blocks_per_stage=2, num_classes=10, max_death_rate=0.5):
        super(StochasticResNet, self).__init__()
        total = 3 * blocks_per_stage
        self.death_rates = [max_death_rate * i / (total - 1) for i in range(total)]
        self.inplanes = 16
        self.conv1 = conv3x3(3, 16)
        self.bn1 = nn.BatchNorm2d(16)
        self.layer1 = self._make_layer(16, blocks_per_stage, 1, self.death_rates[:blocks_per_stage])
        self.layer2 = self._make_layer(32, blocks_per_stage, 2, self.death_rates[blocks_per_stage:2 * blocks_per_stage])
        self.layer3 = self._make_layer(64, blocks_per_stage, 2, self.death_rates[2 * blocks_per_stage:])
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(64, num_classes)

    def _make_layer(self, planes, blocks, stride, death_rates):
        downsample = None
        if stride != 1 or self.inplanes != planes:
            downsample = nn.Sequential(
                nn.Conv2d(self.inplanes, planes, kernel_size=1, stride=stride, bias=False),
                nn.BatchNorm2d(planes))
        layers = [StochasticBlock(self.inplanes, planes, stride, downsample, death_rates[0])]
        self.inplanes = planes
        for i in range(1, blocks):
            layers.append(StochasticBlock(planes, planes, death_rate=death_rates[i]))
        return nn.Sequential(*layers)

    def forward(self, x):
        x = F.relu(self.bn1(self.conv1(x)))
        x = self.layer3(self.layer2(self.layer1(x)))
        x = torch.flatten(self.avgpool(x), 1)
        return self.fc(x)


def main():
    parser = argparse.ArgumentParser(description='stochastic-depth ResNet (PyTea Figure 4.4)')
    parser.add_argument('--batch-size', type=int, default=64)
    parser.add_argument('--epochs', type=int, default=5)
    parser.add_argument('--lr', type=float, default=0.1)
    parser.add_argument('--blocks', type=int, default=2, help='blocks per stage')
    args = parser.parse_args()
    torch.manual_seed(0)

    # stand-in for a CIFAR-10 subset: 512 training / 128 test images of 3x32x32
    train_set = TensorDataset(torch.randn(512, 3, 32, 32), torch.randint(0, 10, (512,)))
    test_set = TensorDataset(torch.randn(128, 3, 32, 32), torch.randint(0, 10, (128,)))
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
    test_loader = DataLoader(test_set, batch_size=args.batch_size)

    model = StochasticResNet(blocks_per_stage=args.blocks)
    optimizer = optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=1e-4)
    for epoch in range(args.epochs):
        model.train()
        for images, labels in train_loader:
            optimizer.zero_grad()
            loss = F.cross_entropy(model(images), labels)
            loss.backward()
            optimizer.step()
        model.eval()
        correct = 0
        with torch.no_grad():
            for images, labels in test_loader:
                correct += (model(images).argmax(1) == labels).sum().item()
        print(f"epoch {epoch}: loss {loss.item():.3f}, test acc {correct / len(test_set):.3f}")


if __name__ == '__main__':
    main()
