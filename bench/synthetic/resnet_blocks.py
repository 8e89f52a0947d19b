"""A ResNet-style classifier on random images whose label follows a rule.

Each image is Gaussian noise plus a bright band whose orientation is chosen by a
random branch per sample; the label is the band's orientation combined with whether
the band lies in the upper-left or lower-right half. The model stacks BasicBlocks
with identity shortcuts and downsampling blocks with a strided 1x1 conv shortcut,
trains with SGD and StepLR, and reports held-out accuracy every epoch.
"""
import argparse
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class BandImages(Dataset):
    def __init__(self, n, size, channels):
        self.images = 0.5 * torch.randn(n, channels, size, size)
        self.labels = torch.zeros(n, dtype=torch.long)
        for i in range(n):
            pos = random.randint(0, size - 4)
            if random.random() < 0.5:
                self.images[i, :, pos:pos + 4, :] += 2.0
                label = 0
            else:
                self.images[i, :, :, pos:pos + 4] += 2.0
                label = 2
            if pos >= size // 2:
                label += 1
            self.labels[i] = label

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.images[idx], self.labels[idx]


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.shortcut = nn.Identity()
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(nn.Conv2d(cin, cout, 1, stride=stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return F.relu(out + self.shortcut(x))


class ResNet(nn.Module):
    def __init__(self, channels, width, classes):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(channels, width, 3, padding=1, bias=False), nn.BatchNorm2d(width), nn.ReLU())
        self.layer1 = nn.Sequential(BasicBlock(width, width), BasicBlock(width, width))
        self.layer2 = nn.Sequential(BasicBlock(width, width * 2, stride=2), BasicBlock(width * 2, width * 2))
        self.layer3 = nn.Sequential(BasicBlock(width * 2, width * 4, stride=2), BasicBlock(width * 4, width * 4))
        self.fc = nn.Linear(width * 4, classes)

    def forward(self, x):
        x = self.layer3(self.layer2(self.layer1(self.stem(x))))
        x = F.adaptive_avg_pool2d(x, 1).flatten(1)
        return self.fc(x)


def evaluate(model, loader):
    model.eval()
    correct, count = 0, 0
    with torch.no_grad():
        for x, y in loader:
            correct += (model(x).argmax(dim=1) == y).sum().item()
            count += y.size(0)
    return correct / count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--train-samples", type=int, default=2000)
    parser.add_argument("--test-samples", type=int, default=400)
    parser.add_argument("--size", type=int, default=32)
    parser.add_argument("--channels", type=int, default=3)
    parser.add_argument("--width", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--step-size", type=int, default=10)
    args = parser.parse_args()

    train = DataLoader(BandImages(args.train_samples, args.size, args.channels), batch_size=args.batch_size, shuffle=True)
    test = DataLoader(BandImages(args.test_samples, args.size, args.channels), batch_size=args.batch_size)
    model = ResNet(args.channels, args.width, 4)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=args.step_size, gamma=0.1)
    for epoch in range(args.epochs):
        model.train()
        total = 0.0
        for x, y in train:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        sched.step()
        acc = evaluate(model, test)
        print(f"epoch {epoch}: loss {total / len(train):.4f} acc {acc:.3f} lr {sched.get_last_lr()[0]:.4f}")


if __name__ == "__main__":
    main()
