# Modelled on pytorch/tutorials, beginner_source/chatbot_tutorial.py (Matthew Inkawhich;
# BSD-3-Clause, (c) PyTorch contributors): its encoder (embedding, a padded batch packed with
# pack_padded_sequence, a 2-layer bidirectional GRU, the two directions summed), its Luong decoder
# with "dot" attention run one word at a time, its masked NLL loss, teacher forcing, gradient
# clipping and two Adam optimizers (hidden 64 and batch 16 where the tutorial has 500 and 64;
# sentences of up to 10 words). Written for offline use: random sentence pairs over a 1,000-word
# vocabulary stand in for the Cornell Movie-Dialogs corpus; one training iteration; no checkpoint,
# no chat loop.
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import optim

random.seed(0)
device = torch.device("cpu")

PAD_token, SOS_token, EOS_token = 0, 1, 2
MAX_LENGTH = 10
num_words = 1000


def random_sentence():
    return [random.randrange(3, num_words) for _ in range(random.randint(1, MAX_LENGTH - 1))]


def padded(rows):
    width = max(len(row) for row in rows)
    return torch.tensor([row + [PAD_token] * (width - len(row)) for row in rows]).t()


def batch_of(pairs):
    """(inputs, lengths, targets, mask, longest target) for pairs sorted by input length."""
    pairs = sorted(pairs, key=lambda pair: len(pair[0]), reverse=True)
    inputs = [question + [EOS_token] for question, _ in pairs]
    targets = padded([answer + [EOS_token] for _, answer in pairs])
    lengths = torch.tensor([len(row) for row in inputs])
    return padded(inputs), lengths, targets, targets != PAD_token, targets.size(0)


class EncoderRNN(nn.Module):
    def __init__(self, hidden_size, embedding, n_layers=1, dropout=0.0):
        super().__init__()
        self.n_layers = n_layers
        self.hidden_size = hidden_size
        self.embedding = embedding
        self.gru = nn.GRU(
            hidden_size, hidden_size, n_layers, dropout=(0 if n_layers == 1 else dropout), bidirectional=True
        )

    def forward(self, input_seq, input_lengths, hidden=None):
        packed = nn.utils.rnn.pack_padded_sequence(self.embedding(input_seq), input_lengths)
        outputs, hidden = self.gru(packed, hidden)
        outputs, _ = nn.utils.rnn.pad_packed_sequence(outputs)
        return outputs[:, :, : self.hidden_size] + outputs[:, :, self.hidden_size :], hidden


class DotAttn(nn.Module):
    def forward(self, hidden, encoder_outputs):
        energies = torch.sum(hidden * encoder_outputs, dim=2).t()
        return F.softmax(energies, dim=1).unsqueeze(1)


class LuongAttnDecoderRNN(nn.Module):
    def __init__(self, embedding, hidden_size, output_size, n_layers=1, dropout=0.1):
        super().__init__()
        self.n_layers = n_layers
        self.embedding = embedding
        self.embedding_dropout = nn.Dropout(dropout)
        self.gru = nn.GRU(hidden_size, hidden_size, n_layers, dropout=(0 if n_layers == 1 else dropout))
        self.concat = nn.Linear(hidden_size * 2, hidden_size)
        self.out = nn.Linear(hidden_size, output_size)
        self.attn = DotAttn()

    def forward(self, input_step, last_hidden, encoder_outputs):
        embedded = self.embedding_dropout(self.embedding(input_step))
        rnn_output, hidden = self.gru(embedded, last_hidden)
        context = self.attn(rnn_output, encoder_outputs).bmm(encoder_outputs.transpose(0, 1))
        concat_input = torch.cat((rnn_output.squeeze(0), context.squeeze(1)), 1)
        output = self.out(torch.tanh(self.concat(concat_input)))
        return F.softmax(output, dim=1), hidden


def maskNLLLoss(inp, target, mask):
    n_total = mask.sum()
    cross_entropy = -torch.log(torch.gather(inp, 1, target.view(-1, 1)).squeeze(1))
    return cross_entropy.masked_select(mask).mean(), n_total.item()


def train(batch, encoder, decoder, encoder_optimizer, decoder_optimizer, batch_size, clip):
    input_variable, lengths, target_variable, mask, max_target_len = batch
    encoder_optimizer.zero_grad()
    decoder_optimizer.zero_grad()
    encoder_outputs, encoder_hidden = encoder(input_variable, lengths)
    decoder_input = torch.full((1, batch_size), SOS_token, dtype=torch.long, device=device)
    decoder_hidden = encoder_hidden[: decoder.n_layers]
    loss = 0
    print_losses = []
    n_totals = 0
    for t in range(max_target_len):  # teacher forcing: the next input is the current target
        decoder_output, decoder_hidden = decoder(decoder_input, decoder_hidden, encoder_outputs)
        decoder_input = target_variable[t].view(1, -1)
        mask_loss, n_total = maskNLLLoss(decoder_output, target_variable[t], mask[t])
        loss += mask_loss
        print_losses.append(mask_loss.item() * n_total)
        n_totals += n_total
    loss.backward()
    nn.utils.clip_grad_norm_(encoder.parameters(), clip)
    nn.utils.clip_grad_norm_(decoder.parameters(), clip)
    encoder_optimizer.step()
    decoder_optimizer.step()
    return sum(print_losses) / n_totals


hidden_size = 64
encoder_n_layers = decoder_n_layers = 2
dropout = 0.1
batch_size = 16
clip = 50.0
learning_rate = 0.0001
decoder_learning_ratio = 5.0

embedding = nn.Embedding(num_words, hidden_size)
encoder = EncoderRNN(hidden_size, embedding, encoder_n_layers, dropout)
decoder = LuongAttnDecoderRNN(embedding, hidden_size, num_words, decoder_n_layers, dropout)
encoder.train()
decoder.train()
encoder_optimizer = optim.Adam(encoder.parameters(), lr=learning_rate)
decoder_optimizer = optim.Adam(decoder.parameters(), lr=learning_rate * decoder_learning_ratio)

batch = batch_of([(random_sentence(), random_sentence()) for _ in range(batch_size)])
loss = train(batch, encoder, decoder, encoder_optimizer, decoder_optimizer, batch_size, clip)
print(f"Iteration: 1; Average loss: {loss:.4f}")
