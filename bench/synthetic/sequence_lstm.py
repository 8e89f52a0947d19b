"""An LSTM that classifies noisy sine waves by frequency band and regresses the frequency.

Sequences are built in a Python loop: each sample draws a frequency band, a random
frequency inside it and a random phase, then appends the wave value step by step, with
a random branch per sample that adds a second harmonic. A batch-first LSTM reads the
sequence; its last layer's final hidden state feeds a classification head and a
regression head trained jointly. Loss is logged every `log_every` steps.
"""
import argparse
import math
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

BANDS = [(0.5, 1.5), (2.0, 3.0), (3.5, 4.5)]


class SineWaves(Dataset):
    def __init__(self, n, length, noise):
        self.seqs = torch.zeros(n, length, 1)
        self.labels = torch.zeros(n, dtype=torch.long)
        self.freqs = torch.zeros(n)
        for i in range(n):
            band = random.randrange(len(BANDS))
            freq = random.uniform(*BANDS[band])
            phase = random.uniform(0.0, 2 * math.pi)
            harmonic = 0.3 if random.random() < 0.3 else 0.0
            for t in range(length):
                s = t / length * 2 * math.pi
                v = math.sin(freq * s + phase) + harmonic * math.sin(2 * freq * s)
                self.seqs[i, t, 0] = v + random.gauss(0.0, noise)
            self.labels[i] = band
            self.freqs[i] = freq

    def __len__(self):
        return self.seqs.size(0)

    def __getitem__(self, idx):
        return self.seqs[idx], self.labels[idx], self.freqs[idx]


class SeqModel(nn.Module):
    def __init__(self, hidden, layers, classes, dropout):
        super().__init__()
        self.lstm = nn.LSTM(1, hidden, num_layers=layers, batch_first=True, dropout=dropout if layers > 1 else 0.0)
        self.cls = nn.Linear(hidden, classes)
        self.reg = nn.Sequential(nn.Linear(hidden, hidden // 2), nn.ReLU(), nn.Linear(hidden // 2, 1))

    def forward(self, x):
        _, (h, _) = self.lstm(x)
        last = h[-1]
        return self.cls(last), self.reg(last).squeeze(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=1500)
    parser.add_argument("--length", type=int, default=50)
    parser.add_argument("--noise", type=float, default=0.1)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--dropout", type=float, default=0.2)
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--reg-weight", type=float, default=0.5)
    parser.add_argument("--log-every", type=int, default=20)
    args = parser.parse_args()

    data = SineWaves(args.samples, args.length, args.noise)
    loader = DataLoader(data, batch_size=args.batch_size, shuffle=True, drop_last=True)
    model = SeqModel(args.hidden, args.layers, len(BANDS), args.dropout)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    step = 0
    for epoch in range(args.epochs):
        correct, running = 0, 0.0
        for x, label, freq in loader:
            logits, pred_freq = model(x)
            loss = F.cross_entropy(logits, label) + args.reg_weight * F.mse_loss(pred_freq, freq)
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            running += loss.item()
            correct += (logits.argmax(dim=1) == label).sum().item()
            step += 1
            if step % args.log_every == 0:
                print(f"step {step}: loss {running / args.log_every:.4f}")
                running = 0.0
        print(f"epoch {epoch}: train acc {correct / (len(loader) * args.batch_size):.3f}")


if __name__ == "__main__":
    main()
