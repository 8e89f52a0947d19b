"""bench/space.sh's subject: an Inception-v3-style classifier (torchvision's architecture, cut
down: a strided stem, factorised 7x7 branches, reduction blocks and a pooled head) whose sweep
varies the batch size, the image size, three kernel sizes and two strides.

Every option is an argparse option, as a sweep passes them. The classifier's input size is
computed for the default configuration (299-pixel images, stride 2 stem), so most of the space
fails at the head, and small images fail in the stem first.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class BasicConv2d(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, stride=stride, padding=padding, bias=False)
        self.bn = nn.BatchNorm2d(out_channels, eps=0.001)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x)), inplace=True)


class InceptionA(nn.Module):
    def __init__(self, in_channels, pool_features, k):
        super().__init__()
        self.branch1x1 = BasicConv2d(in_channels, 64, 1)
        self.branch5x5_1 = BasicConv2d(in_channels, 48, 1)
        self.branch5x5_2 = BasicConv2d(48, 64, k, padding=k // 2)
        self.branch3x3dbl_1 = BasicConv2d(in_channels, 64, 1)
        self.branch3x3dbl_2 = BasicConv2d(64, 96, 3, padding=1)
        self.branch_pool = BasicConv2d(in_channels, pool_features, 1)

    def forward(self, x):
        b1 = self.branch1x1(x)
        b5 = self.branch5x5_2(self.branch5x5_1(x))
        b3 = self.branch3x3dbl_2(self.branch3x3dbl_1(x))
        bp = self.branch_pool(F.avg_pool2d(x, kernel_size=3, stride=1, padding=1))
        return torch.cat([b1, b5, b3, bp], 1)


class InceptionB(nn.Module):
    """The grid reduction: a strided 3x3 branch beside a strided max pool."""

    def __init__(self, in_channels, k, stride):
        super().__init__()
        self.branch3x3 = BasicConv2d(in_channels, 384, k, stride=stride)
        self.branch_pool_stride = stride
        self.k = k

    def forward(self, x):
        b3 = self.branch3x3(x)
        bp = F.max_pool2d(x, kernel_size=self.k, stride=self.branch_pool_stride)
        return torch.cat([b3, bp], 1)


class InceptionC(nn.Module):
    """Factorised 1xk and kx1 convolutions (7x7 in torchvision)."""

    def __init__(self, in_channels, channels_7x7, k):
        super().__init__()
        self.branch1x1 = BasicConv2d(in_channels, 192, 1)
        self.branch7x7_1 = BasicConv2d(in_channels, channels_7x7, 1)
        self.branch7x7_2 = BasicConv2d(channels_7x7, channels_7x7, (1, k), padding=(0, k // 2))
        self.branch7x7_3 = BasicConv2d(channels_7x7, 192, (k, 1), padding=(k // 2, 0))

    def forward(self, x):
        return torch.cat([self.branch1x1(x), self.branch7x7_3(self.branch7x7_2(self.branch7x7_1(x)))], 1)


class InceptionNet(nn.Module):
    def __init__(self, k_a, k_b, k_c, stem_stride, classes=10):
        super().__init__()
        self.stem = nn.Sequential(
            BasicConv2d(3, 32, 3, stride=stem_stride),
            BasicConv2d(32, 32, 3),
            BasicConv2d(32, 64, 3, padding=1),
            nn.MaxPool2d(3, stride=2),
            BasicConv2d(64, 80, 1),
            BasicConv2d(80, 192, 3),
            nn.MaxPool2d(3, stride=2),
        )
        self.mixed_5b = InceptionA(192, 32, k_a)
        self.mixed_6a = InceptionB(256, k_b, 2)
        self.mixed_6b = InceptionC(640, 128, k_c)
        self.pool = nn.AvgPool2d(8)
        # written for 299-pixel images and the default kernels: a 17x17 grid pooled by 8 to 2x2
        self.fc = nn.Linear(384 * 2 * 2, classes)

    def forward(self, x):
        x = self.mixed_6b(self.mixed_6a(self.mixed_5b(self.stem(x))))
        return self.fc(self.pool(x).flatten(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--image-size", type=int, default=299)
    parser.add_argument("--k-a", type=int, default=5)
    parser.add_argument("--k-b", type=int, default=3)
    parser.add_argument("--k-c", type=int, default=7)
    parser.add_argument("--stem-stride", type=int, default=2)
    parser.add_argument("--epochs", type=int, default=1)
    args = parser.parse_args()

    images = torch.randn(4 * args.batch_size, 3, args.image_size, args.image_size)
    labels = torch.randint(0, 10, (4 * args.batch_size,))
    loader = DataLoader(TensorDataset(images, labels), batch_size=args.batch_size)
    model = InceptionNet(args.k_a, args.k_b, args.k_c, args.stem_stride)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(args.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    main()
