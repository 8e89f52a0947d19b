"""A GAN with MLP generator and discriminator on 2-D points from a mixture of Gaussians.

The mixture's centres lie on a ring; each training point is drawn in a Python loop by
picking a random component per sample and adding Gaussian jitter. Training alternates
the usual discriminator step (real vs. detached fake, BCE with logits) and generator
step (non-saturating loss), printing both losses every `print_every` iterations.
"""
import argparse
import math
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


def ring_mixture(n, components, radius, std):
    centres = [(radius * math.cos(2 * math.pi * k / components), radius * math.sin(2 * math.pi * k / components))
               for k in range(components)]
    points = []
    for _ in range(n):
        cx, cy = centres[random.randrange(components)]
        points.append([random.gauss(cx, std), random.gauss(cy, std)])
    return torch.tensor(points)


class Generator(nn.Module):
    def __init__(self, noise_dim, hidden):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(noise_dim, hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, 2),
        )

    def forward(self, z):
        return self.net(z)


class Discriminator(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(2, hidden), nn.LeakyReLU(0.2),
            nn.Linear(hidden, hidden), nn.LeakyReLU(0.2),
            nn.Linear(hidden, 1),
        )

    def forward(self, x):
        return self.net(x)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=4000)
    parser.add_argument("--components", type=int, default=8)
    parser.add_argument("--radius", type=float, default=2.0)
    parser.add_argument("--std", type=float, default=0.05)
    parser.add_argument("--noise-dim", type=int, default=16)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--epochs", type=int, default=50)
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--lr", type=float, default=2e-4)
    parser.add_argument("--print-every", type=int, default=100)
    args = parser.parse_args()

    loader = DataLoader(TensorDataset(ring_mixture(args.samples, args.components, args.radius, args.std)),
                        batch_size=args.batch_size, shuffle=True)
    gen = Generator(args.noise_dim, args.hidden)
    disc = Discriminator(args.hidden)
    opt_g = torch.optim.Adam(gen.parameters(), lr=args.lr, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(disc.parameters(), lr=args.lr, betas=(0.5, 0.999))
    it = 0
    for epoch in range(args.epochs):
        for (real,) in loader:
            b = real.size(0)
            ones, zeros = torch.ones(b, 1), torch.zeros(b, 1)
            fake = gen(torch.randn(b, args.noise_dim))

            d_loss = (F.binary_cross_entropy_with_logits(disc(real), ones)
                      + F.binary_cross_entropy_with_logits(disc(fake.detach()), zeros))
            opt_d.zero_grad()
            d_loss.backward()
            opt_d.step()

            g_loss = F.binary_cross_entropy_with_logits(disc(fake), ones)
            opt_g.zero_grad()
            g_loss.backward()
            opt_g.step()

            if it % args.print_every == 0:
                print(f"epoch {epoch} iter {it}: d {d_loss.item():.4f} g {g_loss.item():.4f}")
            it += 1
    with torch.no_grad():
        sample = gen(torch.randn(1000, args.noise_dim))
        print(f"sample radius mean {sample.norm(dim=1).mean().item():.3f} (target {args.radius})")


if __name__ == "__main__":
    main()
