"""Engine benchmark input: straight-line code, no branches and no randomness in control flow.

A sentiment-style sequence classifier (embedding, two-layer bidirectional LSTM, the final
hidden states of both directions concatenated, a linear head) run for one training step on a
fixed batch of token ids. The bench compares the analysis time of the current tenscan with the
foundation commit on it. It is correct PyTorch: tenscan must report no error on it.

Run for real with:  python3 lstm_forward.py
"""
import torch
import torch.nn as nn
import torch.optim as optim


class LSTMClassifier(nn.Module):
    def __init__(self, vocab_size, embed_dim, hidden_dim, num_classes):
        super(LSTMClassifier, self).__init__()
        self.embedding = nn.Embedding(vocab_size, embed_dim, padding_idx=0)
        self.lstm = nn.LSTM(embed_dim, hidden_dim, num_layers=2, batch_first=True,
                            bidirectional=True, dropout=0.2)
        self.dropout = nn.Dropout(0.5)
        self.fc = nn.Linear(2 * hidden_dim, num_classes)

    def forward(self, ids):
        embedded = self.dropout(self.embedding(ids))       # [B, T, E]
        output, (hidden, cell) = self.lstm(embedded)        # hidden: [4, B, H]
        last = torch.cat((hidden[-2], hidden[-1]), dim=1)   # [B, 2H]
        return self.fc(self.dropout(last))


torch.manual_seed(0)
model = LSTMClassifier(vocab_size=5000, embed_dim=100, hidden_dim=128, num_classes=2)
optimizer = optim.Adam(model.parameters(), lr=1e-3)
criterion = nn.CrossEntropyLoss()

ids = torch.randint(1, 5000, (16, 40))
targets = torch.randint(0, 2, (16,))

model.train()
optimizer.zero_grad()
logits = model(ids)                                           # [16, 2]
loss = criterion(logits, targets)
loss.backward()
optimizer.step()
print(f"loss {loss.item():.4f}, logits {tuple(logits.shape)}")
