"""Exports the tiny decoder-with-past test models of `kiln generate` and `tests/generate.rs`.

Two random-weight configs (fixed seed), exported the way users export language models for
onnxruntime (transformers + torch.onnx.export, optimum's decoder-with-past interface):

- `gpt2_tiny.onnx`: GPT-2, 2 layers, n_embd 64, 4 heads, vocab 512, n_positions 256.
- `llama_tiny.onnx`: Llama architecture, 2 layers, hidden 64, 4 heads, 2 KV heads (GQA),
  intermediate 128, vocab 512, rope.

Inputs `input_ids` [batch, sequence] i64, `attention_mask` [batch, past_sequence + sequence] i64,
`position_ids` [batch, sequence] i64, `past_key_values.N.key` / `.value`
[batch, kv_heads, past_sequence, head_dim] f32; outputs `logits` [batch, sequence, vocab] and
`present.N.key` / `.value` [batch, kv_heads, past_sequence + sequence, head_dim]. batch,
sequence and past_sequence are symbolic. As optimum does, the model is wrapped in a module taking
flat past tensors (transformers' cache classes do not trace through the legacy exporter).

Each export is checked here against torch with onnxruntime: a prefill with an empty past, then
two decode steps feeding `present.*` back as `past_key_values.*`.

Run: python3 -m venv /tmp/torchenv && /tmp/torchenv/bin/pip install torch transformers onnx \
onnxruntime && /tmp/torchenv/bin/python tests/models/llm/export.py [OUT_DIR]
(OUT_DIR defaults to this script's folder; the committed .onnx files come from this script.)
"""

import os
import sys

import numpy as np
import onnx
import onnxruntime as ort
import torch
import transformers
from transformers import DynamicCache, GPT2Config, GPT2LMHeadModel, LlamaConfig, LlamaForCausalLM

SEED = 44
OPSET = 17


def gpt2_model():
    config = GPT2Config(
        vocab_size=512,
        n_positions=256,
        n_embd=64,
        n_layer=2,
        n_head=4,
        bos_token_id=0,
        eos_token_id=0,
        initializer_range=0.1,
        attn_implementation="eager",
    )
    return GPT2LMHeadModel(config), config.n_layer, config.n_head, 64 // config.n_head


def llama_model():
    config = LlamaConfig(
        vocab_size=512,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=256,
        initializer_range=0.1,
        tie_word_embeddings=False,
        attn_implementation="eager",
    )
    return LlamaForCausalLM(config), config.num_hidden_layers, 2, 64 // 4


class DecoderWithPast(torch.nn.Module):
    """The model with flat past tensors in and flat present tensors out, as optimum exports it."""

    def __init__(self, model, layers):
        super().__init__()
        self.model = model
        self.layers = layers

    def forward(self, input_ids, attention_mask, position_ids, *past):
        cache = DynamicCache(
            ddp_cache_data=[(past[2 * i], past[2 * i + 1]) for i in range(self.layers)],
            config=self.model.config,
        )
        out = self.model(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            past_key_values=cache,
            use_cache=True,
            return_dict=True,
        )
        present = []
        for layer in out.past_key_values.layers:
            present += [layer.keys, layer.values]
        return (out.logits, *present)


def io_names(layers):
    past, present = [], []
    for i in range(layers):
        past += [f"past_key_values.{i}.key", f"past_key_values.{i}.value"]
        present += [f"present.{i}.key", f"present.{i}.value"]
    return past, present


def feeds(input_ids, past_len, past):
    batch, seq = input_ids.shape
    mask = torch.ones(batch, past_len + seq, dtype=torch.int64)
    positions = torch.arange(past_len, past_len + seq, dtype=torch.int64).expand(batch, seq)
    return [input_ids, mask, positions.contiguous(), *past]


def export(name, build, out_dir):
    torch.manual_seed(SEED)
    model, layers, kv_heads, head_dim = build()
    model.eval()
    wrapper = DecoderWithPast(model, layers)
    past_names, present_names = io_names(layers)
    batch, trace_seq, trace_past = 2, 3, 5
    gen = torch.Generator().manual_seed(SEED)
    trace_past_tensors = [
        torch.randn(batch, kv_heads, trace_past, head_dim, generator=gen) for _ in past_names
    ]
    trace_ids = torch.randint(0, 512, (batch, trace_seq), generator=gen)
    args = tuple(feeds(trace_ids, trace_past, trace_past_tensors))
    dynamic_axes = {
        "input_ids": {0: "batch", 1: "sequence"},
        "attention_mask": {0: "batch", 1: "total_sequence"},
        "position_ids": {0: "batch", 1: "sequence"},
        "logits": {0: "batch", 1: "sequence"},
    }
    for n in past_names:
        dynamic_axes[n] = {0: "batch", 2: "past_sequence"}
    for n in present_names:
        dynamic_axes[n] = {0: "batch", 2: "total_sequence"}
    path = os.path.join(out_dir, f"{name}.onnx")
    with torch.no_grad():
        torch.onnx.export(
            wrapper,
            args,
            path,
            input_names=["input_ids", "attention_mask", "position_ids", *past_names],
            output_names=["logits", *present_names],
            dynamic_axes=dynamic_axes,
            opset_version=OPSET,
            do_constant_folding=True,
            dynamo=False,
        )
    onnx.checker.check_model(path)
    # A fresh copy of the same weights for the reference: the traced module keeps state of the
    # export (its outputs after tracing differ from eager ones at other shapes).
    torch.manual_seed(SEED)
    fresh, _, _, _ = build()
    fresh.eval()
    check(name, path, DecoderWithPast(fresh, layers), layers, kv_heads, head_dim, past_names)
    print(f"{path}: {os.path.getsize(path)} bytes")


def check(name, path, wrapper, layers, kv_heads, head_dim, past_names):
    """Prefill (empty past), then two decode steps, onnxruntime against torch."""
    session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    input_names = [i.name for i in session.get_inputs()]
    gen = torch.Generator().manual_seed(SEED + 1)
    batch, prompt = 2, 7
    ids = torch.randint(0, 512, (batch, prompt), generator=gen)
    past = [torch.zeros(batch, kv_heads, 0, head_dim) for _ in past_names]
    past_len = 0
    for step in range(3):
        inputs = feeds(ids, past_len, past)
        with torch.no_grad():
            expected = wrapper(*inputs)
        got = session.run(None, dict(zip(input_names, [t.numpy() for t in inputs])))
        for k, (g, e) in enumerate(zip(got, expected)):
            e = e.numpy()
            assert g.shape == e.shape, f"{name} step {step} output {k}: {g.shape} vs {e.shape}"
            err = np.abs(g - e).max()
            assert err <= 1e-4 * max(1.0, np.abs(e).max()), f"{name} step {step} output {k}: {err}"
        past = [torch.from_numpy(t) for t in got[1:]]
        past_len += ids.shape[1]
        ids = torch.from_numpy(got[0][:, -1, :].argmax(-1)).reshape(batch, 1)
        print(f"{name}: step {step} (past {past_len - inputs[0].shape[1]}) matches torch")


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(out_dir, exist_ok=True)
    print(f"torch {torch.__version__}, transformers {transformers.__version__}")
    export("gpt2_tiny", gpt2_model, out_dir)
    export("llama_tiny", llama_model, out_dir)


if __name__ == "__main__":
    main()
