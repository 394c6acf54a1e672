// RUN: kernel-config target=nvidia-h200
// Attention regions on a GPU of 48 KiB shared memory and 132 compute units: ViT-B/16's 12 heads
// of 197 keys would fit blocks of 32 query rows (32 x 200 scores + 32 x 64 queries, 33 KiB) but
// make a grid of 84 workgroups, so they take 16 rows (156); 1024 keys halve the rows to 8 for
// the shared memory (34 KiB); 4096 keys (more than `attention_max_keys`) keep three regions: the
// blocked kernel is slower where the 64 MiB of scores fit (under
// `attention_blocked_min_score_bytes`; lower-to-kernels/attention_blocked forces it).
#id = affine_map<(h, m, n) -> (h, m, n)>
func.func @main(%qa: tensor<12x197x64xf32>, %kta: tensor<12x64x197xf32>, %va: tensor<12x197x64xf32>, %qb: tensor<1x1024x64xf32>, %ktb: tensor<1x64x1024xf32>, %vb: tensor<1x1024x64xf32>, %qc: tensor<1x4096x16xf32>, %ktc: tensor<1x16x4096xf32>, %vc: tensor<1x4096x16xf32>) -> (tensor<12x197x64xf32>, tensor<1x1024x64xf32>, tensor<1x4096x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %sea = tensor.empty() : tensor<12x197x197xf32>
  %sfa = linalg.fill ins(%zero : f32) outs(%sea : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  %sa = linalg.batch_matmul ins(%qa, %kta : tensor<12x197x64xf32>, tensor<12x64x197xf32>) outs(%sfa : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  %xa = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%sa : tensor<12x197x197xf32>) outs(%sea : tensor<12x197x197xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 0.125 : f32
    %y = arith.mulf %a, %c : f32
    linalg.yield %y : f32
  } -> tensor<12x197x197xf32>
  %pea = tensor.empty() : tensor<12x197x197xf32>
  %pa = linalg.softmax dimension(2) ins(%xa : tensor<12x197x197xf32>) outs(%pea : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  %oea = tensor.empty() : tensor<12x197x64xf32>
  %ofa = linalg.fill ins(%zero : f32) outs(%oea : tensor<12x197x64xf32>) -> tensor<12x197x64xf32>
  %oa = linalg.batch_matmul ins(%pa, %va : tensor<12x197x197xf32>, tensor<12x197x64xf32>) outs(%ofa : tensor<12x197x64xf32>) -> tensor<12x197x64xf32>
  %seb = tensor.empty() : tensor<1x1024x1024xf32>
  %sfb = linalg.fill ins(%zero : f32) outs(%seb : tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32>
  %sb = linalg.batch_matmul ins(%qb, %ktb : tensor<1x1024x64xf32>, tensor<1x64x1024xf32>) outs(%sfb : tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32>
  %xb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%sb : tensor<1x1024x1024xf32>) outs(%seb : tensor<1x1024x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 0.125 : f32
    %y = arith.mulf %a, %c : f32
    linalg.yield %y : f32
  } -> tensor<1x1024x1024xf32>
  %peb = tensor.empty() : tensor<1x1024x1024xf32>
  %pb = linalg.softmax dimension(2) ins(%xb : tensor<1x1024x1024xf32>) outs(%peb : tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32>
  %oeb = tensor.empty() : tensor<1x1024x64xf32>
  %ofb = linalg.fill ins(%zero : f32) outs(%oeb : tensor<1x1024x64xf32>) -> tensor<1x1024x64xf32>
  %ob = linalg.batch_matmul ins(%pb, %vb : tensor<1x1024x1024xf32>, tensor<1x1024x64xf32>) outs(%ofb : tensor<1x1024x64xf32>) -> tensor<1x1024x64xf32>
  %sec = tensor.empty() : tensor<1x4096x4096xf32>
  %sfc = linalg.fill ins(%zero : f32) outs(%sec : tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32>
  %sc = linalg.batch_matmul ins(%qc, %ktc : tensor<1x4096x16xf32>, tensor<1x16x4096xf32>) outs(%sfc : tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32>
  %xc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%sc : tensor<1x4096x4096xf32>) outs(%sec : tensor<1x4096x4096xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 0.125 : f32
    %y = arith.mulf %a, %c : f32
    linalg.yield %y : f32
  } -> tensor<1x4096x4096xf32>
  %pec = tensor.empty() : tensor<1x4096x4096xf32>
  %pc = linalg.softmax dimension(2) ins(%xc : tensor<1x4096x4096xf32>) outs(%pec : tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32>
  %oec = tensor.empty() : tensor<1x4096x16xf32>
  %ofc = linalg.fill ins(%zero : f32) outs(%oec : tensor<1x4096x16xf32>) -> tensor<1x4096x16xf32>
  %oc = linalg.batch_matmul ins(%pc, %vc : tensor<1x4096x4096xf32>, tensor<1x4096x16xf32>) outs(%ofc : tensor<1x4096x16xf32>) -> tensor<1x4096x16xf32>
  return %oa, %ob, %oc : tensor<12x197x64xf32>, tensor<1x1024x64xf32>, tensor<1x4096x16xf32>
}
// OUT: #map = affine_map<(d0, d1, d2) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// OUT:
// OUT: func.func @main(%arg0: tensor<12x197x64xf32>, %arg1: tensor<12x64x197xf32>, %arg2: tensor<12x197x64xf32>, %arg3: tensor<1x1024x64xf32>, %arg4: tensor<1x64x1024xf32>, %arg5: tensor<1x1024x64xf32>, %arg6: tensor<1x4096x16xf32>, %arg7: tensor<1x16x4096xf32>, %arg8: tensor<1x4096x16xf32>) -> (tensor<12x197x64xf32>, tensor<1x1024x64xf32>, tensor<1x4096x16xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<12x197x197xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<12x197x197xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<12x197x197xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<12x197x64xf32>, tensor<12x64x197xf32>) outs(%2 : tensor<12x197x197xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<12x197x197xf32>
// OUT:   %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<12x197x197xf32>) outs(%1 : tensor<12x197x197xf32>) {
// OUT:   ^bb0(%12: f32, %13: f32):
// OUT:     %14 = arith.constant 1.25e-1 : f32
// OUT:     %15 = arith.mulf %12, %14 : f32
// OUT:     linalg.yield %15 : f32
// OUT:   } -> tensor<12x197x197xf32>
// OUT:   %16 = tensor.empty() : tensor<12x197x197xf32>
// OUT:   %17 = linalg.softmax dimension(2) ins(%11 : tensor<12x197x197xf32>) outs(%16 : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
// OUT:   %18 = tensor.empty() : tensor<12x197x64xf32>
// OUT:   %19 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%18 : tensor<12x197x64xf32>) {
// OUT:   ^bb0(%20: f32, %21: f32):
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<12x197x64xf32>
// OUT:   %22 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%17, %arg2 : tensor<12x197x197xf32>, tensor<12x197x64xf32>) outs(%19 : tensor<12x197x64xf32>) {
// OUT:   ^bb0(%23: f32, %24: f32, %25: f32):
// OUT:     %26 = arith.mulf %23, %24 : f32
// OUT:     %27 = arith.addf %25, %26 : f32
// OUT:     linalg.yield %27 : f32
// OUT:   } -> tensor<12x197x64xf32>
// OUT:   %28 = tensor.empty() : tensor<1x1024x1024xf32>
// OUT:   %29 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%28 : tensor<1x1024x1024xf32>) {
// OUT:   ^bb0(%30: f32, %31: f32):
// OUT:     linalg.yield %30 : f32
// OUT:   } -> tensor<1x1024x1024xf32>
// OUT:   %32 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg3, %arg4 : tensor<1x1024x64xf32>, tensor<1x64x1024xf32>) outs(%29 : tensor<1x1024x1024xf32>) {
// OUT:   ^bb0(%33: f32, %34: f32, %35: f32):
// OUT:     %36 = arith.mulf %33, %34 : f32
// OUT:     %37 = arith.addf %35, %36 : f32
// OUT:     linalg.yield %37 : f32
// OUT:   } -> tensor<1x1024x1024xf32>
// OUT:   %38 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%32 : tensor<1x1024x1024xf32>) outs(%28 : tensor<1x1024x1024xf32>) {
// OUT:   ^bb0(%39: f32, %40: f32):
// OUT:     %41 = arith.constant 1.25e-1 : f32
// OUT:     %42 = arith.mulf %39, %41 : f32
// OUT:     linalg.yield %42 : f32
// OUT:   } -> tensor<1x1024x1024xf32>
// OUT:   %43 = tensor.empty() : tensor<1x1024x1024xf32>
// OUT:   %44 = linalg.softmax dimension(2) ins(%38 : tensor<1x1024x1024xf32>) outs(%43 : tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32>
// OUT:   %45 = tensor.empty() : tensor<1x1024x64xf32>
// OUT:   %46 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%45 : tensor<1x1024x64xf32>) {
// OUT:   ^bb0(%47: f32, %48: f32):
// OUT:     linalg.yield %47 : f32
// OUT:   } -> tensor<1x1024x64xf32>
// OUT:   %49 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%44, %arg5 : tensor<1x1024x1024xf32>, tensor<1x1024x64xf32>) outs(%46 : tensor<1x1024x64xf32>) {
// OUT:   ^bb0(%50: f32, %51: f32, %52: f32):
// OUT:     %53 = arith.mulf %50, %51 : f32
// OUT:     %54 = arith.addf %52, %53 : f32
// OUT:     linalg.yield %54 : f32
// OUT:   } -> tensor<1x1024x64xf32>
// OUT:   %55 = tensor.empty() : tensor<1x4096x4096xf32>
// OUT:   %56 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%55 : tensor<1x4096x4096xf32>) {
// OUT:   ^bb0(%57: f32, %58: f32):
// OUT:     linalg.yield %57 : f32
// OUT:   } -> tensor<1x4096x4096xf32>
// OUT:   %59 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg6, %arg7 : tensor<1x4096x16xf32>, tensor<1x16x4096xf32>) outs(%56 : tensor<1x4096x4096xf32>) {
// OUT:   ^bb0(%60: f32, %61: f32, %62: f32):
// OUT:     %63 = arith.mulf %60, %61 : f32
// OUT:     %64 = arith.addf %62, %63 : f32
// OUT:     linalg.yield %64 : f32
// OUT:   } -> tensor<1x4096x4096xf32>
// OUT:   %65 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<1x4096x4096xf32>) outs(%55 : tensor<1x4096x4096xf32>) {
// OUT:   ^bb0(%66: f32, %67: f32):
// OUT:     %68 = arith.constant 1.25e-1 : f32
// OUT:     %69 = arith.mulf %66, %68 : f32
// OUT:     linalg.yield %69 : f32
// OUT:   } -> tensor<1x4096x4096xf32>
// OUT:   %70 = tensor.empty() : tensor<1x4096x4096xf32>
// OUT:   %71 = linalg.softmax dimension(2) ins(%65 : tensor<1x4096x4096xf32>) outs(%70 : tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32>
// OUT:   %72 = tensor.empty() : tensor<1x4096x16xf32>
// OUT:   %73 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%72 : tensor<1x4096x16xf32>) {
// OUT:   ^bb0(%74: f32, %75: f32):
// OUT:     linalg.yield %74 : f32
// OUT:   } -> tensor<1x4096x16xf32>
// OUT:   %76 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%71, %arg8 : tensor<1x4096x4096xf32>, tensor<1x4096x16xf32>) outs(%73 : tensor<1x4096x16xf32>) {
// OUT:   ^bb0(%77: f32, %78: f32, %79: f32):
// OUT:     %80 = arith.mulf %77, %78 : f32
// OUT:     %81 = arith.addf %79, %80 : f32
// OUT:     linalg.yield %81 : f32
// OUT:   } -> tensor<1x4096x16xf32>
// OUT:   return %22, %49, %76 : tensor<12x197x64xf32>, tensor<1x1024x64xf32>, tensor<1x4096x16xf32>
// OUT: }
// OUT: region @dispatch_0_attention root linalg.generic -> %12 epilogue -> %18
// OUT:   inputs (%0, %1, %2) outputs (%18)
// OUT:   %11 = linalg.generic(%9, %10)
// OUT:   %12 = linalg.generic(%0, %1, %11)
// OUT:   %13 = linalg.generic(%12, %10)
// OUT:   %15 = linalg.softmax(%13, %14)
// OUT:   %17 = linalg.generic(%9, %16)
// OUT:   %18 = linalg.generic(%15, %2, %17)
// OUT: region @dispatch_1_attention root linalg.generic -> %21 epilogue -> %27
// OUT:   inputs (%3, %4, %5) outputs (%27)
// OUT:   %20 = linalg.generic(%9, %19)
// OUT:   %21 = linalg.generic(%3, %4, %20)
// OUT:   %22 = linalg.generic(%21, %19)
// OUT:   %24 = linalg.softmax(%22, %23)
// OUT:   %26 = linalg.generic(%9, %25)
// OUT:   %27 = linalg.generic(%24, %5, %26)
// OUT: region @dispatch_2_contraction root linalg.generic -> %30
// OUT:   inputs (%6, %7) outputs (%30)
// OUT:   %29 = linalg.generic(%9, %28)
// OUT:   %30 = linalg.generic(%6, %7, %29)
// OUT: region @dispatch_3_softmax root linalg.softmax -> %33
// OUT:   inputs (%30) outputs (%33)
// OUT:   %31 = linalg.generic(%30, %28)
// OUT:   %33 = linalg.softmax(%31, %32)
// OUT: region @dispatch_4_contraction root linalg.generic -> %36
// OUT:   inputs (%33, %8) outputs (%36)
// OUT:   %35 = linalg.generic(%9, %34)
// OUT:   %36 = linalg.generic(%33, %8, %35)
// OUT: edge @dispatch_3_softmax -> @dispatch_4_contraction (%33)
// OUT: edge @dispatch_2_contraction -> @dispatch_3_softmax (%30)
// OUT: plan @dispatch_0_attention attention rows=16 threads=128 subgroup=32 key_stride=200 columns=64x2
// OUT: plan @dispatch_1_attention attention rows=8 threads=128 subgroup=32 key_stride=1024 columns=64x2
// OUT: plan @dispatch_2_contraction simt tiles=128x256x16 thread=8x16 pad=4 stages=1
// OUT: plan @dispatch_3_softmax softmax-rows registers workgroup=256; vec4 registers workgroup=256
// OUT: plan @dispatch_4_contraction split-bf16 tiles=64x128x32/128 flush-steps=4
