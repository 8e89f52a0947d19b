"""A variational autoencoder trained on shapes drawn into images in a Python loop.

The dataset is procedural: each sample gets a random square or cross at a random
position, drawn by slicing into a zero image, and a label for its kind. This is the
pattern that costs a path-per-draw analysis 2^n paths.
"""
import argparse
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class Shapes(Dataset):
    def __init__(self, n, size):
        self.images = torch.zeros(n, 1, size, size)
        self.labels = []
        for i in range(n):
            s = random.randint(4, size // 2)
            x = random.randint(0, size - s)
            y = random.randint(0, size - s)
            if random.random() < 0.5:
                self.images[i, 0, y:y + s, x:x + s] = 1.0
                self.labels.append(0)
            else:
                self.images[i, 0, y + s // 2, x:x + s] = 1.0
                self.images[i, 0, y:y + s, x + s // 2] = 1.0
                self.labels.append(1)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.images[idx], self.labels[idx]


class VAE(nn.Module):
    def __init__(self, size, latent):
        super().__init__()
        self.size = size
        self.enc = nn.Sequential(nn.Flatten(), nn.Linear(size * size, 256), nn.ReLU())
        self.mu = nn.Linear(256, latent)
        self.logvar = nn.Linear(256, latent)
        self.dec = nn.Sequential(nn.Linear(latent, 256), nn.ReLU(), nn.Linear(256, size * size), nn.Sigmoid())

    def forward(self, x):
        h = self.enc(x)
        mu, logvar = self.mu(h), self.logvar(h)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
        return self.dec(z).view(-1, 1, self.size, self.size), mu, logvar


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=600)
    parser.add_argument("--size", type=int, default=32)
    parser.add_argument("--latent", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()

    data = Shapes(args.samples, args.size)
    loader = DataLoader(data, batch_size=args.batch_size, shuffle=True)
    model = VAE(args.size, args.latent)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        total = 0.0
        for x, _ in loader:
            recon, mu, logvar = model(x)
            bce = F.binary_cross_entropy(recon, x, reduction="sum")
            kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
            loss = bce + kld
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: {total / len(data):.3f}")


if __name__ == "__main__":
    main()
