# Source: huggingface/course, chapters/en/chapter3/4.mdx, "A full training" (Apache-2.0): the
# hand-written training loop (AdamW, get_scheduler("linear"), model(**batch).loss).
# Adapted to run offline and fast: AutoModelForSequenceClassification.from_pretrained(checkpoint)
# (a download) is the same architecture built from a tiny BertConfig with random weights; the
# tokenized GLUE/MRPC batches are 2 random batches of 4 padded sequences of 12 token ids
# (attention_mask, token_type_ids, labels); num_epochs = 1; no tqdm progress bar. BERT's word
# embeddings are an nn.Embedding(..., padding_idx=0), as in every BERT.
import torch
from torch.optim import AdamW
from torch.utils.data import DataLoader
from transformers import BertConfig, BertForSequenceClassification, get_scheduler

config = BertConfig(vocab_size=64, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=64, max_position_embeddings=32, num_labels=2)


def random_batch_items(count, length=12):
    items = []
    for _ in range(count):
        size = int(torch.randint(6, length + 1, ()))
        ids = torch.zeros(length, dtype=torch.long)
        ids[:size] = torch.randint(1, config.vocab_size, (size,))
        items.append({"input_ids": ids, "attention_mask": (ids != 0).long(),
                      "token_type_ids": torch.zeros(length, dtype=torch.long),
                      "labels": torch.randint(0, 2, ())})
    return items


train_dataloader = DataLoader(random_batch_items(8), shuffle=True, batch_size=4)

model = BertForSequenceClassification(config)

optimizer = AdamW(model.parameters(), lr=5e-5)

num_epochs = 1
num_training_steps = num_epochs * len(train_dataloader)
lr_scheduler = get_scheduler(
    "linear",
    optimizer=optimizer,
    num_warmup_steps=0,
    num_training_steps=num_training_steps,
)
print(num_training_steps)

device = torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")
model.to(device)

model.train()
for epoch in range(num_epochs):
    for batch in train_dataloader:
        batch = {k: v.to(device) for k, v in batch.items()}
        outputs = model(**batch)
        loss = outputs.loss
        loss.backward()

        optimizer.step()
        lr_scheduler.step()
        optimizer.zero_grad()
        print(loss.item())
