"""An MLP regressing a target from a generated table, with early stopping.

Rows are built one at a time in a Python loop: random feature values, a target from a
fixed nonlinear formula, and a random branch per row that adds either small Gaussian
noise or, rarely, a large outlier. The table is split into train and validation sets;
training stops when the best validation MSE has not improved for `patience` epochs.
"""
import argparse
import math
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset, random_split


def make_table(n, features, outlier_rate):
    rows, targets = [], []
    for _ in range(n):
        row = [random.uniform(-2.0, 2.0) for _ in range(features)]
        y = math.sin(row[0]) + 0.5 * row[1] ** 2 - row[2] * row[3] + 0.1 * sum(row[4:])
        if random.random() < outlier_rate:
            y += random.choice([-1.0, 1.0]) * random.uniform(5.0, 10.0)
        else:
            y += random.gauss(0.0, 0.1)
        rows.append(row)
        targets.append([y])
    return torch.tensor(rows), torch.tensor(targets)


class MLP(nn.Module):
    def __init__(self, features, hidden, depth, dropout):
        super().__init__()
        layers, width = [], features
        for _ in range(depth):
            layers += [nn.Linear(width, hidden), nn.ReLU(), nn.Dropout(dropout)]
            width = hidden
        layers.append(nn.Linear(width, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


def evaluate(model, loader, loss_fn):
    model.eval()
    total, count = 0.0, 0
    with torch.no_grad():
        for x, y in loader:
            total += loss_fn(model(x), y).item() * x.size(0)
            count += x.size(0)
    return total / count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=3000)
    parser.add_argument("--features", type=int, default=8)
    parser.add_argument("--outlier-rate", type=float, default=0.02)
    parser.add_argument("--val-fraction", type=float, default=0.2)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--dropout", type=float, default=0.1)
    parser.add_argument("--epochs", type=int, default=100)
    parser.add_argument("--patience", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()

    x, y = make_table(args.rows, args.features, args.outlier_rate)
    x = (x - x.mean(dim=0)) / x.std(dim=0)
    n_val = int(args.rows * args.val_fraction)
    train_set, val_set = random_split(TensorDataset(x, y), [args.rows - n_val, n_val])
    train = DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
    val = DataLoader(val_set, batch_size=args.batch_size)

    model = MLP(args.features, args.hidden, args.depth, args.dropout)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    loss_fn = nn.MSELoss()
    best, best_epoch, waited = float("inf"), 0, 0
    for epoch in range(args.epochs):
        model.train()
        for xb, yb in train:
            loss = loss_fn(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        val_loss = evaluate(model, val, loss_fn)
        if val_loss < best:
            best, best_epoch, waited = val_loss, epoch, 0
        else:
            waited += 1
        print(f"epoch {epoch}: val mse {val_loss:.4f} (best {best:.4f} at {best_epoch})")
        if waited >= args.patience:
            print(f"no improvement for {args.patience} epochs, stopping")
            break


if __name__ == "__main__":
    main()
