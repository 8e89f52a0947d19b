# Linear probe on precomputed backbone features (ShapeTracer-style unknown shapes): the
# feature and label tensors come from torch.load, so their ranks and sizes are unknown
# until the files are read. Each image is weighted by how well it agrees with its class
# prototype (a cheap guard against noisy labels). The features are one row per image, [N, D],
# everywhere: torch.bmm gets them as N matrices of 1 x D.
# expect-none
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset


def class_prototypes(feats, labels, num_classes):
    onehot = F.one_hot(labels, num_classes).float()                  # [N, C]
    counts = onehot.sum(dim=0).clamp(min=1.0)                       # [C]
    return torch.mm(onehot.t(), feats) / counts.unsqueeze(1)        # [C, D]


def main():
    parser = argparse.ArgumentParser(description='linear probe on saved features')
    parser.add_argument('--features', default='features/train_feats.pt')
    parser.add_argument('--labels', default='features/train_labels.pt')
    parser.add_argument('--feat-dim', type=int, default=512)
    parser.add_argument('--proj-dim', type=int, default=128)
    parser.add_argument('--num-classes', type=int, default=10)
    parser.add_argument('--batch-size', type=int, default=100)
    parser.add_argument('--epochs', type=int, default=20)
    parser.add_argument('--lr', type=float, default=0.1)
    args = parser.parse_args()
    torch.manual_seed(0)

    feats = torch.load(args.features)
    labels = torch.load(args.labels).long()

    # random projection of the features (Johnson-Lindenstrauss) for a smaller probe
    w1 = torch.randn(args.feat_dim, args.proj_dim) / math.sqrt(args.proj_dim)
    reduced = torch.mm(feats, w1)                                    # [N, proj_dim]

    # per-image weight: agreement of the image with its own class prototype
    protos = class_prototypes(feats, labels, args.num_classes)
    w2 = protos[labels].unsqueeze(2)                                 # [N, D, 1]
    agreement = torch.bmm(feats.unsqueeze(1), w2).view(-1)
    weights = torch.sigmoid(agreement / math.sqrt(args.feat_dim))

    loader = DataLoader(TensorDataset(reduced, labels, weights),
                        batch_size=args.batch_size, shuffle=True)
    probe = nn.Linear(args.proj_dim, args.num_classes)
    optimizer = optim.SGD(probe.parameters(), lr=args.lr, momentum=0.9)

    for epoch in range(args.epochs):
        total = 0.0
        for x, y, w in loader:
            optimizer.zero_grad()
            per_image = F.cross_entropy(probe(x), y, reduction='none')
            loss = (per_image * w).sum() / w.sum()
            loss.backward()
            optimizer.step()
            total += loss.item()
        print(f"epoch {epoch}: weighted loss {total / len(loader):.4f}")
    torch.save(probe.state_dict(), 'probe.pt')


if __name__ == '__main__':
    main()
