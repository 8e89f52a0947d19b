"""A small U-Net segmenting circles and rectangles drawn into noisy images.

The dataset is procedural: each sample gets one shape at a random centre with a
random radius, and a random branch per sample picks a filled circle (drawn pixel by
pixel in a Python loop) or a rectangle (drawn by slicing). The network concatenates
encoder features with decoder features on the channel axis at every level.
"""
import argparse
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class ShapeMasks(Dataset):
    def __init__(self, n, size, noise):
        self.images = torch.zeros(n, 1, size, size)
        self.masks = torch.zeros(n, 1, size, size)
        for i in range(n):
            r = random.randint(3, size // 4)
            cx = random.randint(r, size - r - 1)
            cy = random.randint(r, size - r - 1)
            if random.random() < 0.5:
                for y in range(cy - r, cy + r + 1):
                    for x in range(cx - r, cx + r + 1):
                        if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                            self.masks[i, 0, y, x] = 1.0
            else:
                h = random.randint(2, r)
                self.masks[i, 0, cy - h:cy + h, cx - r:cx + r] = 1.0
        self.images = self.masks + noise * torch.randn(n, 1, size, size)

    def __len__(self):
        return self.images.shape[0]

    def __getitem__(self, idx):
        return self.images[idx], self.masks[idx]


class DoubleConv(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
            nn.Conv2d(cout, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
        )

    def forward(self, x):
        return self.net(x)


class Up(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.up = nn.ConvTranspose2d(cin, cin // 2, 2, stride=2)
        self.conv = DoubleConv(cin, cout)

    def forward(self, x, skip):
        x = self.up(x)
        return self.conv(torch.cat([skip, x], dim=1))


class UNet(nn.Module):
    def __init__(self, base):
        super().__init__()
        self.inc = DoubleConv(1, base)
        self.down1 = DoubleConv(base, base * 2)
        self.down2 = DoubleConv(base * 2, base * 4)
        self.bottom = DoubleConv(base * 4, base * 8)
        self.up1 = Up(base * 8, base * 4)
        self.up2 = Up(base * 4, base * 2)
        self.up3 = Up(base * 2, base)
        self.head = nn.Conv2d(base, 1, 1)

    def forward(self, x):
        x1 = self.inc(x)
        x2 = self.down1(F.max_pool2d(x1, 2))
        x3 = self.down2(F.max_pool2d(x2, 2))
        x4 = self.bottom(F.max_pool2d(x3, 2))
        y = self.up1(x4, x3)
        y = self.up2(y, x2)
        y = self.up3(y, x1)
        return self.head(y)


def dice(logits, target, eps=1e-6):
    pred = (torch.sigmoid(logits) > 0.5).float()
    inter = (pred * target).sum(dim=(1, 2, 3))
    union = pred.sum(dim=(1, 2, 3)) + target.sum(dim=(1, 2, 3))
    return ((2 * inter + eps) / (union + eps)).mean()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=800)
    parser.add_argument("--size", type=int, default=64)
    parser.add_argument("--base", type=int, default=16)
    parser.add_argument("--noise", type=float, default=0.3)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()

    data = ShapeMasks(args.samples, args.size, args.noise)
    loader = DataLoader(data, batch_size=args.batch_size, shuffle=True)
    model = UNet(args.base)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        model.train()
        total, score = 0.0, 0.0
        for x, m in loader:
            logits = model(x)
            loss = F.binary_cross_entropy_with_logits(logits, m)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * x.size(0)
            score += dice(logits.detach(), m).item() * x.size(0)
        print(f"epoch {epoch}: loss {total / len(data):.4f} dice {score / len(data):.3f}")


if __name__ == "__main__":
    main()
