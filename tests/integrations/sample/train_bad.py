"""Trains the classifier of model.py on random 16x20 feature maps."""
import argparse

import torch
import torch.nn.functional as F

from model import Net


def main():
    parser = argparse.ArgumentParser(description="sample trainer")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--steps", type=int, default=3)
    args = parser.parse_args()

    model = Net()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for step in range(args.steps):
        features = torch.randn(args.batch_size, 20, 20)
        target = torch.randint(0, 10, (args.batch_size,))
        optimizer.zero_grad()
        output = model(features.flatten(1))
        loss = F.nll_loss(output, target)
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    main()
