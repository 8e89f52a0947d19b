"""A spiral classifier with hand-written learning-rate annealing and early stopping.

Points on interleaved spiral arms are generated in a Python loop, with a random branch
per sample that flips the label to a random arm (label noise). The loop keeps the best
validation loss as a float; after `patience` epochs without improvement it divides the
learning rate by 10 on every optimizer param group, and it stops once the learning rate
falls below `min_lr`. The best weights are kept in an in-memory checkpoint dict and
restored at the end.
"""
import argparse
import copy
import math
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


def spirals(n, arms, turns, noise, flip):
    xs, ys = [], []
    for _ in range(n):
        arm = random.randrange(arms)
        r = random.random()
        theta = r * turns * 2 * math.pi + 2 * math.pi * arm / arms
        xs.append([r * math.cos(theta) + random.gauss(0, noise), r * math.sin(theta) + random.gauss(0, noise)])
        ys.append(random.randrange(arms) if random.random() < flip else arm)
    return torch.tensor(xs), torch.tensor(ys)


class Classifier(nn.Module):
    def __init__(self, hidden, classes):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(2, hidden), nn.BatchNorm1d(hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.BatchNorm1d(hidden), nn.ReLU(),
            nn.Linear(hidden, classes),
        )

    def forward(self, x):
        return self.net(x)


def evaluate(model, loader):
    model.eval()
    loss, correct, count = 0.0, 0, 0
    with torch.no_grad():
        for x, y in loader:
            logits = model(x)
            loss += F.cross_entropy(logits, y, reduction="sum").item()
            correct += (logits.argmax(1) == y).sum().item()
            count += y.numel()
    return loss / count, correct / count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--train-samples", type=int, default=2400)
    parser.add_argument("--val-samples", type=int, default=600)
    parser.add_argument("--arms", type=int, default=3)
    parser.add_argument("--turns", type=float, default=1.5)
    parser.add_argument("--noise", type=float, default=0.03)
    parser.add_argument("--flip", type=float, default=0.05)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--epochs", type=int, default=100)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-2)
    parser.add_argument("--min-lr", type=float, default=1e-5)
    parser.add_argument("--patience", type=int, default=5)
    args = parser.parse_args()

    train = DataLoader(TensorDataset(*spirals(args.train_samples, args.arms, args.turns, args.noise, args.flip)),
                       batch_size=args.batch_size, shuffle=True, drop_last=True)
    val = DataLoader(TensorDataset(*spirals(args.val_samples, args.arms, args.turns, args.noise, 0.0)),
                     batch_size=256)
    model = Classifier(args.hidden, args.arms)
    lr = args.lr
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    best, bad = float("inf"), 0
    checkpoint = None
    for epoch in range(args.epochs):
        model.train()
        for x, y in train:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        val_loss, val_acc = evaluate(model, val)
        print(f"epoch {epoch}: val loss {val_loss:.4f} acc {val_acc:.3f} lr {lr:g}")
        if val_loss < best:
            best = val_loss
            bad = 0
            checkpoint = {"epoch": epoch, "val_loss": best, "model": copy.deepcopy(model.state_dict()),
                          "optimizer": copy.deepcopy(opt.state_dict())}
        else:
            bad += 1
            if bad >= args.patience:
                lr /= 10
                for group in opt.param_groups:
                    group["lr"] = lr
                bad = 0
                if lr < args.min_lr:
                    print("learning rate below minimum, stopping")
                    break
    model.load_state_dict(checkpoint["model"])
    val_loss, val_acc = evaluate(model, val)
    print(f"restored epoch {checkpoint['epoch']}: val loss {val_loss:.4f} acc {val_acc:.3f}")


if __name__ == "__main__":
    main()
