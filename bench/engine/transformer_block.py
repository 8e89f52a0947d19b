"""Engine benchmark input: straight-line code, no branches and no randomness in control flow.

A pre-norm transformer encoder block written out by hand (multi-head self-attention with
view/transpose/matmul/softmax, a GELU feed-forward network, residual connections), stacked
twice in front of an embedding and a classification head, and run for one training step on
a fixed batch of token ids. The bench compares the analysis time of the current tenscan with
the foundation commit on it. It is correct PyTorch: tenscan must report no error on it.

Run for real with:  python3 transformer_block.py
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim


class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super(SelfAttention, self).__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.attn_drop = nn.Dropout(0.1)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)                       # 3 x [B, T, C]
        q = q.view(b, t, self.heads, self.head_dim).transpose(1, 2)   # [B, H, T, D]
        k = k.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        v = v.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(self.head_dim)  # [B, H, T, T]
        weights = self.attn_drop(F.softmax(scores, dim=-1))
        out = torch.matmul(weights, v)                                # [B, H, T, D]
        out = out.transpose(1, 2).reshape(b, t, c)
        return self.proj(out)


class Block(nn.Module):
    def __init__(self, dim, heads, hidden):
        super(Block, self).__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = SelfAttention(dim, heads)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim), nn.Dropout(0.1))

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        x = x + self.mlp(self.norm2(x))
        return x


class TinyEncoder(nn.Module):
    def __init__(self, vocab, dim, heads, hidden, max_len, num_classes):
        super(TinyEncoder, self).__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Parameter(torch.zeros(1, max_len, dim))
        self.block1 = Block(dim, heads, hidden)
        self.block2 = Block(dim, heads, hidden)
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, ids):
        x = self.tok(ids) + self.pos                 # [B, T, C]
        x = self.block1(x)
        x = self.block2(x)
        x = self.norm(x).mean(dim=1)                 # [B, C]
        return self.head(x)


torch.manual_seed(0)
vocab, dim, heads, hidden, seq_len, num_classes = 1000, 64, 4, 256, 32, 5
model = TinyEncoder(vocab, dim, heads, hidden, seq_len, num_classes)
optimizer = optim.AdamW(model.parameters(), lr=3e-4, weight_decay=0.01)

ids = torch.randint(0, vocab, (8, seq_len))
labels = torch.randint(0, num_classes, (8,))

model.train()
optimizer.zero_grad()
logits = model(ids)                                  # [8, 5]
loss = F.cross_entropy(logits, labels)
loss.backward()
optimizer.step()
print(f"loss {loss.item():.4f}, logits {tuple(logits.shape)}")
