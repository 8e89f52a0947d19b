"""A siamese CNN trained with a contrastive loss on pairs of generated glyph images.

Every class has a random binary prototype; each sample is its class prototype shifted
by a random offset plus noise. The pair dataset decides per index, with
random.random() < 0.5, whether to return a positive pair (another member of the same
class, found with a rejection loop) or a negative pair (a member of a different class,
whose class is also drawn by rejection). Pair accuracy at a distance threshold is
reported every epoch.
"""
import argparse
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class GlyphPairs(Dataset):
    def __init__(self, n, classes, size, noise):
        protos = (torch.rand(classes, size, size) < 0.3).float()
        self.images = torch.zeros(n, 1, size, size)
        self.labels = [i % classes for i in range(n)]
        self.by_class = [[] for _ in range(classes)]
        for i, c in enumerate(self.labels):
            dx, dy = random.randint(-2, 2), random.randint(-2, 2)
            self.images[i, 0] = torch.roll(protos[c], shifts=(dy, dx), dims=(0, 1))
            self.by_class[c].append(i)
        self.images += noise * torch.randn_like(self.images)
        self.classes = classes

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        c = self.labels[i]
        if random.random() < 0.5:
            members = self.by_class[c]
            j = i
            while j == i:
                j = members[random.randint(0, len(members) - 1)]
            same = 1.0
        else:
            other = c
            while other == c:
                other = random.randint(0, self.classes - 1)
            j = random.choice(self.by_class[other])
            same = 0.0
        return self.images[i], self.images[j], torch.tensor(same)


class EmbeddingNet(nn.Module):
    def __init__(self, size, dim):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        )
        self.fc = nn.Sequential(nn.Flatten(), nn.Linear(64 * (size // 4) ** 2, 128), nn.ReLU(), nn.Linear(128, dim))

    def forward(self, x):
        return self.fc(self.features(x))


def contrastive_loss(e1, e2, same, margin):
    d = F.pairwise_distance(e1, e2)
    return (same * d.pow(2) + (1 - same) * F.relu(margin - d).pow(2)).mean()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--size", type=int, default=28)
    parser.add_argument("--noise", type=float, default=0.2)
    parser.add_argument("--embedding-dim", type=int, default=32)
    parser.add_argument("--margin", type=float, default=1.0)
    parser.add_argument("--epochs", type=int, default=25)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()

    data = GlyphPairs(args.samples, args.classes, args.size, args.noise)
    loader = DataLoader(data, batch_size=args.batch_size, shuffle=True)
    net = EmbeddingNet(args.size, args.embedding_dim)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        total, correct = 0.0, 0
        for a, b, same in loader:
            e1, e2 = net(a), net(b)
            loss = contrastive_loss(e1, e2, same, args.margin)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * a.size(0)
            pred = (F.pairwise_distance(e1, e2) < args.margin / 2).float()
            correct += (pred == same).sum().item()
        print(f"epoch {epoch}: loss {total / len(data):.4f} pair acc {correct / len(data):.3f}")


if __name__ == "__main__":
    main()
