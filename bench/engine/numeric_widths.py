"""Engine bench, target 4: the numerical checks cost the same whatever the tensors' sizes.

A z-scored regression with a learned temperature, a softmax head, a hand-written Gaussian NLL
and a variance penalty: every value the numerical domain tracks (intervals per partition,
affine forms) is one per tensor part, never one per element, so `--width 4096` (4096 x 4096
weights, a 65536 x 4096 table) must cost what `--width 4` does (DEBAR's array expansion must
not appear).
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class Regressor(nn.Module):
    def __init__(self, width, classes):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(width, width), nn.ReLU(), nn.Linear(width, width), nn.Tanh())
        self.mean = nn.Linear(width, 1)
        self.log_var = nn.Linear(width, 1)
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        h = self.body(x)
        return self.mean(h).squeeze(1), self.log_var(h).clamp(-8, 8).squeeze(1), self.head(h)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--width", type=int, default=4)
    parser.add_argument("--rows", type=int, default=64)
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=3)
    args = parser.parse_args()

    table = torch.rand(args.rows * args.width // 4, args.width) * 255
    table = (table - table.mean(0)) / (table.std(0) + 1e-6)
    target = table[:, :2].sum(1) + 0.1 * torch.randn(table.shape[0])
    labels = torch.randint(0, args.classes, (table.shape[0],))
    loader = DataLoader(TensorDataset(table, target, labels), batch_size=args.batch_size, shuffle=True)
    model = Regressor(args.width, args.classes)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(args.epochs):
        for x, y, c in loader:
            mean, log_var, logits = model(x)
            nll = 0.5 * (log_var + (y - mean) ** 2 / torch.exp(log_var)).mean()
            xent = -F.log_softmax(logits, dim=1).gather(1, c.unsqueeze(1)).mean()
            spread = torch.sqrt(x.var(0) + 1e-8).mean()
            loss = nll + xent + 0.01 * spread
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print(f"epoch {epoch}: loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
