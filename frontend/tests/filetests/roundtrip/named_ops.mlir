// The remaining named ops: depthwise NCHW, NCHW sum pooling, NHWC max / min / sum pooling with
// strides and dilations, matvec, batch_matmul, and integer arithmetic in a generic.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<1x4x8x8xf32>, %dw: tensor<4x3x3xf32>, %xh: tensor<1x8x8x4xf32>, %a: tensor<4x8xf32>, %v: tensor<8xf32>, %ba: tensor<2x3x4xf32>, %bb: tensor<2x4x5xf32>, %i: tensor<3x4xi32>, %j: tensor<3x4xi32>) -> (tensor<1x4x6x6xf32>, tensor<1x4x7x7xf32>, tensor<1x3x3x4xf32>, tensor<1x7x7x4xf32>, tensor<4xf32>, tensor<1x7x7x4xf32>, tensor<2x3x5xf32>, tensor<3x4xi32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %w = tensor.empty() : tensor<2x2xf32>
  %oe = tensor.empty() : tensor<1x4x6x6xf32>
  %o = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %0 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %dw : tensor<1x4x8x8xf32>, tensor<4x3x3xf32>) outs(%o : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %pe = tensor.empty() : tensor<1x4x7x7xf32>
  %p = linalg.fill ins(%zero : f32) outs(%pe : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %1 = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x8x8xf32>, tensor<2x2xf32>) outs(%p : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %me = tensor.empty() : tensor<1x3x3x4xf32>
  %m = linalg.fill ins(%ninf : f32) outs(%me : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  %2 = linalg.pooling_nhwc_max {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%xh, %w : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%m : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  %ne = tensor.empty() : tensor<1x7x7x4xf32>
  %n = linalg.fill ins(%inf : f32) outs(%ne : tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
  %3 = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%xh, %w : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%n : tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
  %re = tensor.empty() : tensor<4xf32>
  %r = linalg.fill ins(%zero : f32) outs(%re : tensor<4xf32>) -> tensor<4xf32>
  %4 = linalg.matvec ins(%a, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%r : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.fill ins(%zero : f32) outs(%ne : tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
  %5 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%xh, %w : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%s : tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
  %be = tensor.empty() : tensor<2x3x5xf32>
  %b = linalg.fill ins(%zero : f32) outs(%be : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %6 = linalg.batch_matmul ins(%ba, %bb : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%b : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %ie = tensor.empty() : tensor<3x4xi32>
  %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%i, %j : tensor<3x4xi32>, tensor<3x4xi32>) outs(%ie : tensor<3x4xi32>) {
  ^bb0(%p0: i32, %p1: i32, %out: i32):
    %c3 = arith.constant 3 : i32
    %8 = arith.muli %p0, %p1 : i32
    %9 = arith.subi %8, %p0 : i32
    %10 = arith.divsi %9, %c3 : i32
    %11 = arith.remsi %9, %c3 : i32
    %12 = arith.maxsi %10, %11 : i32
    %13 = arith.minsi %12, %p1 : i32
    %14 = math.absi %13 : i32
    %15 = arith.xori %14, %p0 : i32
    %16 = arith.andi %15, %c3 : i32
    %17 = arith.ori %16, %10 : i32
    %18 = arith.trunci %17 : i32 to i8
    %19 = arith.extsi %18 : i8 to i32
    %20 = arith.addi %19, %13 : i32
    linalg.yield %20 : i32
  } -> tensor<3x4xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<1x4x6x6xf32>, tensor<1x4x7x7xf32>, tensor<1x3x3x4xf32>, tensor<1x7x7x4xf32>, tensor<4xf32>, tensor<1x7x7x4xf32>, tensor<2x3x5xf32>, tensor<3x4xi32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x4x8x8xf32>, %arg1: tensor<4x3x3xf32>, %arg2: tensor<1x8x8x4xf32>, %arg3: tensor<4x8xf32>, %arg4: tensor<8xf32>, %arg5: tensor<2x3x4xf32>, %arg6: tensor<2x4x5xf32>, %arg7: tensor<3x4xi32>, %arg8: tensor<3x4xi32>) -> (tensor<1x4x6x6xf32>, tensor<1x4x7x7xf32>, tensor<1x3x3x4xf32>, tensor<1x7x7x4xf32>, tensor<4xf32>, tensor<1x7x7x4xf32>, tensor<2x3x5xf32>, tensor<3x4xi32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = arith.constant 0xFF800000 : f32
// OUT:   %2 = arith.constant 0x7F800000 : f32
// OUT:   %3 = tensor.empty() : tensor<2x2xf32>
// OUT:   %4 = tensor.empty() : tensor<1x4x6x6xf32>
// OUT:   %5 = linalg.fill ins(%0 : f32) outs(%4 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
// OUT:   %6 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x4x8x8xf32>, tensor<4x3x3xf32>) outs(%5 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
// OUT:   %7 = tensor.empty() : tensor<1x4x7x7xf32>
// OUT:   %8 = linalg.fill ins(%0 : f32) outs(%7 : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
// OUT:   %9 = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %3 : tensor<1x4x8x8xf32>, tensor<2x2xf32>) outs(%8 : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
// OUT:   %10 = tensor.empty() : tensor<1x3x3x4xf32>
// OUT:   %11 = linalg.fill ins(%1 : f32) outs(%10 : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
// OUT:   %12 = linalg.pooling_nhwc_max {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg2, %3 : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%11 : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
// OUT:   %13 = tensor.empty() : tensor<1x7x7x4xf32>
// OUT:   %14 = linalg.fill ins(%2 : f32) outs(%13 : tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
// OUT:   %15 = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg2, %3 : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%14 : tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
// OUT:   %16 = tensor.empty() : tensor<4xf32>
// OUT:   %17 = linalg.fill ins(%0 : f32) outs(%16 : tensor<4xf32>) -> tensor<4xf32>
// OUT:   %18 = linalg.matvec ins(%arg3, %arg4 : tensor<4x8xf32>, tensor<8xf32>) outs(%17 : tensor<4xf32>) -> tensor<4xf32>
// OUT:   %19 = linalg.fill ins(%0 : f32) outs(%13 : tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
// OUT:   %20 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg2, %3 : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%19 : tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
// OUT:   %21 = tensor.empty() : tensor<2x3x5xf32>
// OUT:   %22 = linalg.fill ins(%0 : f32) outs(%21 : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// OUT:   %23 = linalg.batch_matmul ins(%arg5, %arg6 : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%22 : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// OUT:   %24 = tensor.empty() : tensor<3x4xi32>
// OUT:   %25 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg7, %arg8 : tensor<3x4xi32>, tensor<3x4xi32>) outs(%24 : tensor<3x4xi32>) {
// OUT:   ^bb0(%26: i32, %27: i32, %28: i32):
// OUT:     %29 = arith.constant 3 : i32
// OUT:     %30 = arith.muli %26, %27 : i32
// OUT:     %31 = arith.subi %30, %26 : i32
// OUT:     %32 = arith.divsi %31, %29 : i32
// OUT:     %33 = arith.remsi %31, %29 : i32
// OUT:     %34 = arith.maxsi %32, %33 : i32
// OUT:     %35 = arith.minsi %34, %27 : i32
// OUT:     %36 = math.absi %35 : i32
// OUT:     %37 = arith.xori %36, %26 : i32
// OUT:     %38 = arith.andi %37, %29 : i32
// OUT:     %39 = arith.ori %38, %32 : i32
// OUT:     %40 = arith.trunci %39 : i32 to i8
// OUT:     %41 = arith.extsi %40 : i8 to i32
// OUT:     %42 = arith.addi %41, %35 : i32
// OUT:     linalg.yield %42 : i32
// OUT:   } -> tensor<3x4xi32>
// OUT:   return %6, %9, %12, %15, %18, %20, %23, %25 : tensor<1x4x6x6xf32>, tensor<1x4x7x7xf32>, tensor<1x3x3x4xf32>, tensor<1x7x7x4xf32>, tensor<4xf32>, tensor<1x7x7x4xf32>, tensor<2x3x5xf32>, tensor<3x4xi32>
// OUT: }
