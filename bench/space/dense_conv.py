"""A space dense with failures, for bench/space.py: an MNIST-sized convolution followed by a
classifier sized for a 5x5 kernel at stride 1. Over --kernel 1..64 x --stride 1..64 all but
one of the 4,096 vectors break the classifier, and more than half of them the convolution
itself: bulk mode's blocking clauses pile up, which auto mode notices and goes on vector by
vector."""
import argparse

import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, kernel, stride):
        super().__init__()
        self.conv = nn.Conv2d(1, 16, kernel, stride=stride)
        self.fc = nn.Linear(16 * 24 * 24, 10)

    def forward(self, x):
        return self.fc(torch.relu(self.conv(x)).flatten(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kernel", type=int, default=5)
    parser.add_argument("--stride", type=int, default=1)
    args = parser.parse_args()
    model = Net(args.kernel, args.stride)
    print(model(torch.randn(8, 1, 28, 28)).shape)


if __name__ == "__main__":
    main()
