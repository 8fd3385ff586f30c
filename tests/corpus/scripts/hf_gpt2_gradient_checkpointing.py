# Sources: huggingface/course, chapters/en/chapter3/4.mdx, "A full training" (Apache-2.0): the
# hand-written training loop; and huggingface/transformers, docs/source/en/perf_train_gpu_one.md
# (Apache-2.0): gradient checkpointing turned on with model.gradient_checkpointing_enable().
# Adapted to run offline and fast: a causal LM (GPT2LMHeadModel) built from a tiny GPT2Config with
# random weights instead of from_pretrained (a download); 2 random batches of 2 sequences of 8
# token ids, labels = input_ids; num_epochs = 1; no tqdm. Checkpointing is asked for with
# torch's reentrant implementation ({"use_reentrant": True}), so torch itself calls backward()
# from inside the engine to recompute each block.
import torch
from torch.optim import AdamW
from torch.utils.data import DataLoader
from transformers import GPT2Config, GPT2LMHeadModel, get_scheduler

config = GPT2Config(vocab_size=64, n_positions=16, n_embd=32, n_layer=2, n_head=2)
ids = torch.randint(0, config.vocab_size, (4, 8))
train_dataloader = DataLoader([{"input_ids": x, "labels": x} for x in ids], batch_size=2)

model = GPT2LMHeadModel(config)
model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": True})

optimizer = AdamW(model.parameters(), lr=5e-5)

num_epochs = 1
num_training_steps = num_epochs * len(train_dataloader)
lr_scheduler = get_scheduler(
    "linear",
    optimizer=optimizer,
    num_warmup_steps=0,
    num_training_steps=num_training_steps,
)

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
