"""Engine benchmark input: straight-line code, no branches and no randomness in control flow.

A VGG-style CIFAR-10 classifier (three conv-BN-ReLU stages, max-pooling, adaptive average
pooling, a two-layer head) run for one training step on a fixed batch: forward pass, loss,
backward pass and optimiser step, written out without loops or conditionals. The bench
compares the analysis time of the current tenscan with the foundation commit on it. It is
correct PyTorch: tenscan must report no error on it.

Run for real with:  python3 cnn_forward.py
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim


class ConvNet(nn.Module):
    def __init__(self, num_classes=10):
        super(ConvNet, self).__init__()
        self.conv1 = nn.Conv2d(3, 32, kernel_size=3, padding=1)
        self.bn1 = nn.BatchNorm2d(32)
        self.conv2 = nn.Conv2d(32, 64, kernel_size=3, padding=1)
        self.bn2 = nn.BatchNorm2d(64)
        self.conv3 = nn.Conv2d(64, 128, kernel_size=3, padding=1)
        self.bn3 = nn.BatchNorm2d(128)
        self.conv4 = nn.Conv2d(128, 128, kernel_size=3, padding=1)
        self.bn4 = nn.BatchNorm2d(128)
        self.pool = nn.MaxPool2d(2, 2)
        self.gap = nn.AdaptiveAvgPool2d((1, 1))
        self.dropout = nn.Dropout(0.3)
        self.fc1 = nn.Linear(128, 256)
        self.fc2 = nn.Linear(256, num_classes)

    def forward(self, x):
        x = self.pool(F.relu(self.bn1(self.conv1(x))))   # [B, 32, 16, 16]
        x = self.pool(F.relu(self.bn2(self.conv2(x))))   # [B, 64, 8, 8]
        x = F.relu(self.bn3(self.conv3(x)))              # [B, 128, 8, 8]
        x = self.pool(F.relu(self.bn4(self.conv4(x))))   # [B, 128, 4, 4]
        x = self.gap(x)                                  # [B, 128, 1, 1]
        x = torch.flatten(x, 1)                          # [B, 128]
        x = self.dropout(F.relu(self.fc1(x)))
        return self.fc2(x)


torch.manual_seed(0)
model = ConvNet(num_classes=10)
optimizer = optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4)
criterion = nn.CrossEntropyLoss()

images = torch.randn(16, 3, 32, 32)
labels = torch.randint(0, 10, (16,))

model.train()
optimizer.zero_grad()
logits = model(images)
loss = criterion(logits, labels)
loss.backward()
optimizer.step()

model.eval()
with torch.no_grad():
    probs = F.softmax(model(images), dim=1)
    predicted = probs.argmax(dim=1)
    accuracy = (predicted == labels).float().mean()
print(f"loss {loss.item():.4f}, accuracy {accuracy.item():.3f}, logits {tuple(logits.shape)}")
