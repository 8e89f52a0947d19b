"""Engine benchmark input: path explosion (PyTea thesis, Figure 1.4).

Twenty-four RandBlocks, each flipping a coin in forward() and either applying its
nn.Linear(32, 32) or passing the input through, so a single forward pass has 2^24 possible
execution paths. Every path keeps the activation at [batch, 32], so an analyser that merges
equal states explores a handful of paths instead of sixteen million. It is correct PyTorch:
tenscan must report no error on it.

Run for real with:  python3 randblock24.py --epochs 1
"""
import argparse
import random

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset


class RandBlock(nn.Module):
    def __init__(self):
        super(RandBlock, self).__init__()
        self.layer = nn.Linear(32, 32)

    def forward(self, x):
        rand_num = random.randint(0, 1)

        if rand_num == 1:
            result = self.layer(x)
        else:
            result = x

        return result


def make_dataset(num_samples, features, num_classes):
    inputs = torch.randn(num_samples, features)
    labels = torch.randint(0, num_classes, (num_samples,))
    return TensorDataset(inputs, labels)


def main():
    parser = argparse.ArgumentParser(description="24 randomly skipped Linear blocks")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--samples", type=int, default=1024)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    random.seed(args.seed)
    torch.manual_seed(args.seed)

    model = nn.Sequential(*[RandBlock() for _ in range(24)])

    dataset = make_dataset(args.samples, 32, 32)
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True, drop_last=True)
    optimizer = optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    criterion = nn.CrossEntropyLoss()

    for epoch in range(1, args.epochs + 1):
        model.train()
        total_loss = 0.0
        for inputs, labels in loader:
            optimizer.zero_grad()
            logits = model(inputs)
            loss = criterion(logits, labels)
            loss.backward()
            optimizer.step()
            total_loss += loss.item()
        print(f"epoch {epoch}: mean loss {total_loss / len(loader):.4f}")


if __name__ == "__main__":
    main()
