# Word-level LSTM over short token windows with a (GloVe-initialised) embedding matrix, after the
# StackOverflow question of the PyTea thesis, Figure 4.2 (Case 2): the network returns
# per-token log-probabilities [B, T, V] and NLLLoss gets them with targets [B, T].
# Bugs (PyTorch 1.13 raises, per failing line):
#   1. NLLLoss takes input [N, C, d1] with target [N, d1]: it reads [256, 4, 1181] as C = 4
#      -> RuntimeError: Expected target size [256, 1181], got [256, 4]
import argparse

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset


class LSTM(nn.Module):
    def __init__(self, embedding_matrix, hidden_dim=64, num_layers=1):
        super(LSTM, self).__init__()
        vocab_size, embed_dim = embedding_matrix.shape
        weights = torch.from_numpy(embedding_matrix).float()
        self.embedding = nn.Embedding.from_pretrained(weights, freeze=False)
        self.lstm = nn.LSTM(embed_dim, hidden_dim, num_layers=num_layers, batch_first=True)
        self.hidden2word = nn.Linear(hidden_dim, vocab_size)

    def forward(self, tokens):
        embeds = self.embedding(tokens)                # [B, T, E]
        lstm_out, _ = self.lstm(embeds)                # [B, T, H]
        scores = self.hidden2word(lstm_out)            # [B, T, V]
        out_scores = F.log_softmax(scores, dim=2)
        return out_scores


def load_glove(path, vocab, matrix):
    with open(path, encoding='utf8') as f:
        for line in f:
            word, *values = line.rstrip().split(' ')
            if word in vocab:
                matrix[vocab[word]] = np.asarray(values, dtype=np.float32)
    return matrix


def main():
    parser = argparse.ArgumentParser(description='LSTM next-word model (PyTea Figure 4.2)')
    parser.add_argument('--vocab-size', type=int, default=1181)
    parser.add_argument('--embed-dim', type=int, default=100)
    parser.add_argument('--seq-len', type=int, default=4)
    parser.add_argument('--batch-size', type=int, default=256)
    parser.add_argument('--epochs', type=int, default=3)
    parser.add_argument('--glove', default=None, help='optional GloVe text file')
    args = parser.parse_args()
    torch.manual_seed(0)

    embedding_matrix = np.zeros((args.vocab_size, args.embed_dim))
    if args.glove is not None:
        vocab = {'<w%d>' % i: i for i in range(args.vocab_size)}
        embedding_matrix = load_glove(args.glove, vocab, embedding_matrix)

    model = LSTM(embedding_matrix=embedding_matrix)
    loss_function = nn.NLLLoss()
    optimizer = optim.Adam(model.parameters())

    # 2048 windows = 8 batches of 256; the target of each token is the token that follows it
    stream = torch.randint(0, args.vocab_size, (2048, args.seq_len + 1))
    data = TensorDataset(stream[:, :-1], stream[:, 1:])
    loader = DataLoader(data, batch_size=args.batch_size, shuffle=True)

    for epoch in range(args.epochs):
        total = 0.0
        for inputs, target in loader:
            optimizer.zero_grad()
            output = model(inputs)
            # output: [256, 4, 1181], target: [256, 4]
            loss = loss_function(output, target)  # expect: shape/loss-target
            loss.backward()
            optimizer.step()
            total += loss.item()
        print(f"epoch {epoch}: mean loss {total / len(loader):.4f}")


if __name__ == '__main__':
    main()
