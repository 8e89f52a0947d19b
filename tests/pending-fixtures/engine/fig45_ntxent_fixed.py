# SimCLR reduced to one PyTorch-only script (PyTea thesis, Figure 4.5): a small conv encoder
# with a projection head, trained with the NT-Xent loss, which is built for an exact batch
# size (the positive pairs sit on the +-batch_size diagonals of the similarity matrix).
# Fixed: the loader drops the last, partial minibatch (10000 % 256 = 16 images).
# expect-none
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset


class NTXentLoss(torch.nn.Module):
    def __init__(self, batch_size, temperature):
        super(NTXentLoss, self).__init__()
        self.batch_size = batch_size
        self.temperature = temperature
        self.criterion = nn.CrossEntropyLoss(reduction='sum')

    def forward(self, zis, zjs):
        b = self.batch_size
        representations = F.normalize(torch.cat([zjs, zis], dim=0), dim=1)   # [2B, N]
        sim = torch.mm(representations, representations.t())                 # [2B, 2B]

        # positive pairs: (i, i + B) and (i + B, i)
        l_pos = torch.diag(sim, b)
        r_pos = torch.diag(sim, -b)
        positives = torch.cat([l_pos, r_pos]).view(2 * b, 1)

        # every other entry of a row is a negative
        diag = torch.eye(2 * b)
        l1 = torch.diag(torch.ones(b), -b)
        l2 = torch.diag(torch.ones(b), b)
        mask = diag + l1 + l2
        mask = (1 - mask).type(torch.bool)
        negatives = sim[mask].view(2 * b, -1)                                 # [2B, 2B - 2]

        logits = torch.cat((positives, negatives), dim=1) / self.temperature
        labels = torch.zeros(2 * b, dtype=torch.long)
        loss = self.criterion(logits, labels)
        return loss / (2 * b)


class SimCLRNet(nn.Module):
    def __init__(self, out_dim=64):
        super(SimCLRNet, self).__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.projector = nn.Sequential(nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, out_dim))

    def forward(self, x):
        h = torch.flatten(self.features(x), 1)
        return self.projector(h)


def augment(images):
    # random horizontal flip (per minibatch) and Gaussian noise
    if torch.rand(1).item() < 0.5:
        images = torch.flip(images, dims=[3])
    return images + 0.1 * torch.randn_like(images)


def train(net, loader, criterion, optimizer, epochs):
    losses = []
    for epoch in range(epochs):
        net.train()
        for step, (images, _) in enumerate(loader):
            optimizer.zero_grad()
            zis = net(augment(images))
            zjs = net(augment(images))
            loss = criterion(zis, zjs)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        print(f"epoch {epoch}: last loss {losses[-1]:.4f}")
    return losses


def main():
    parser = argparse.ArgumentParser(description='SimCLR with NT-Xent (PyTea Figure 4.5)')
    parser.add_argument('--epochs', type=int, default=10)
    parser.add_argument('--temperature', type=float, default=0.5)
    parser.add_argument('--lr', type=float, default=3e-4)
    parser.add_argument('--out-dim', type=int, default=64)
    args = parser.parse_args()
    torch.manual_seed(0)

    batch_size = 256
    # unlabelled images (CIFAR-sized stand-in): 10000 = 39 * 256 + 16
    train_dataset = TensorDataset(torch.rand(10000, 3, 32, 32), torch.zeros(10000, dtype=torch.long))
    train_loader = DataLoader(train_dataset, batch_size=batch_size, shuffle=True,
                              drop_last=True)

    net = SimCLRNet(args.out_dim)
    criterion = NTXentLoss(batch_size, args.temperature)
    optimizer = optim.Adam(net.parameters(), lr=args.lr, weight_decay=1e-6)
    losses = train(net, train_loader, criterion, optimizer, args.epochs)
    torch.save({'model': net.state_dict(), 'losses': losses}, 'simclr.pt')


if __name__ == '__main__':
    main()
