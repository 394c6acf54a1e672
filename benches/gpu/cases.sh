# The issue-8 cases at full size, shared by build.sh (here) and run.sh (on the GPU machine).
# One line per case, fields separated by '|': name, template under benches/kernels/, parameters, IREE dispatch repeat
# count (chosen so one repeated call takes tens of milliseconds), kiln bench iterations.
# Work per case (FLOP, bytes) is computed in table.py from the name's shape.
CASES=(
  "mm_f32_4096    | matmul_f32.mlir        | M=4096 N=4096 K=4096                  | 20   | 20"
  "mm_f32_8192    | matmul_f32.mlir        | M=8192 N=8192 K=8192                  | 4    | 8"
  "mm_f16_4096    | matmul_f16_f32acc.mlir | M=4096 N=4096 K=4096                  | 50   | 20"
  "mm_f16_8192    | matmul_f16_f32acc.mlir | M=8192 N=8192 K=8192                  | 10   | 8"
  "mm_f16acc_4096 | matmul_f16.mlir        | M=4096 N=4096 K=4096                  | 50   | 20"
  "mm_f16acc_8192 | matmul_f16.mlir        | M=8192 N=8192 K=8192                  | 10   | 8"
  "linear_f16_4096 | matmul_f16_bias_relu.mlir | M=4096 N=4096 K=4096               | 50   | 20"
  "linear_f16_m1_4096   | matmul_f16_bias_relu.mlir | M=1 N=4096 K=4096             | 500  | 50"
  "linear_f16_m128_4096 | matmul_f16_bias_relu.mlir | M=128 N=4096 K=4096           | 500  | 50"
  "conv_1x56      | conv3x3_nhwc_f32.mlir  | N=1 H=56 W=56 C=64 F=64 HP=58 WP=58   | 200  | 50"
  "conv_32x56     | conv3x3_nhwc_f32.mlir  | N=32 H=56 W=56 C=64 F=64 HP=58 WP=58  | 20   | 20"
  "ew_2048        | fused_elementwise.mlir | M=2048 N=2048                         | 500  | 100"
  "rowsum_4096    | row_sum.mlir           | M=4096 N=4096                         | 500  | 100"
  "softmax_1024   | softmax_rows.mlir      | M=1024 N=1024                         | 1000 | 100"
  "add_tiny       | add_tiny.mlir          | N=64                                  | 1    | 1000"
)
