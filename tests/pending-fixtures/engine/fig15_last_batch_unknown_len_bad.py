# Heartbeat (ECG) classifier over a directory of pre-cut beats, one file per beat
# (187 samples, MIT-BIH style), with the fixed-batch reshape of PyTea Figure 1.5(b).
# The number of beats is whatever the directory holds, so the size of the last minibatch
# is unknown until the data is there.
# Bugs (PyTorch 1.13 raises, per failing line):
#   1. no drop_last: unless the directory holds a multiple of 64 beats, the last minibatch has
#      r = N % 64 beats; r * 187 is never divisible by 64 (187 is odd), e.g. N = 100, r = 36
#      -> RuntimeError: shape '[64, -1]' is invalid for input of size 6732
import argparse
import os

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, Dataset

BEAT_LEN = 187
NUM_CLASSES = 5  # N, S, V, F, Q


class BeatFolder(Dataset):
    """Files named <id>_c<class>.pt, each holding one beat of BEAT_LEN samples."""

    def __init__(self, root):
        self.root = root
        self.samples = sorted(f for f in os.listdir(root) if f.endswith('.pt'))

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        name = self.samples[idx]
        beat = torch.load(os.path.join(self.root, name)).float().view(1, BEAT_LEN)
        label = int(name.rsplit('_c', 1)[1][:-3])
        return beat, label


class BeatNet(nn.Module):
    def __init__(self, batch_size, hidden=64):
        super(BeatNet, self).__init__()
        self.batch_size = batch_size
        self.layers = nn.Sequential(
            nn.Linear(BEAT_LEN, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
            nn.Linear(hidden, NUM_CLASSES),
        )

    def forward(self, x):
        x = x.reshape(self.batch_size, -1)  # expect: warning shape/residual-batch
        return self.layers(x)


def main():
    parser = argparse.ArgumentParser(description='ECG beat classifier')
    parser.add_argument('--data-dir', default='data/beats/train')
    parser.add_argument('--batch-size', type=int, default=64)
    parser.add_argument('--epochs', type=int, default=20)
    parser.add_argument('--lr', type=float, default=1e-3)
    parser.add_argument('--checkpoint', default='beatnet.pt')
    args = parser.parse_args()

    dataset = BeatFolder(args.data_dir)
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True)
    model = BeatNet(args.batch_size)
    criterion = nn.CrossEntropyLoss()
    optimizer = optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        running, correct = 0.0, 0
        for beats, labels in loader:
            optimizer.zero_grad()
            logits = model(beats)
            loss = criterion(logits, labels)
            loss.backward()
            optimizer.step()
            running += loss.item() * labels.size(0)
            correct += (logits.argmax(1) == labels).sum().item()
        n = len(dataset)
        print(f"epoch {epoch}: loss {running / n:.4f}, acc {100.0 * correct / n:.1f}%")
    torch.save(model.state_dict(), args.checkpoint)


if __name__ == '__main__':
    main()
