// Embind invokers for Emscripten 3.1.6 under -sDYNAMIC_EXECUTION=0 (a --js-library; see wasm/README.md,
// "Bindings"). Stock 3.1.6 then wraps every binding in one generic closure that builds an argument array
// and calls .apply; with dynamic execution it would generate a fixed-arity invoker with new Function, which
// a strict CSP refuses. These are those fixed-arity invokers, written out once per arity, for free
// functions whose types convert without destructors (numbers, bigints): what Emscripten later generated at
// link time (-sEMBIND_AOT, then by default). A binding outside that is refused at load, naming itself.
var brandedInvokers = {
  $craftInvokerFunction__deps: ['$throwBindingError', '$fixedArityInvoker'],
  $craftInvokerFunction: function (humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc) {
    var invoke = cppInvokerFunc;
    var fn = cppTargetFunc;
    var r = argTypes[0];
    var a = argTypes[2], b = argTypes[3], c = argTypes[4], d = argTypes[5], e = argTypes[6];
    var arity = argTypes.length - 2;
    var simple = classType === null && argTypes[1] === null && arity <= 5;
    for (var i = 2; i < argTypes.length; ++i) {
      if (argTypes[i].destructorFunction !== null) simple = false;
    }
    if (!simple) {
      throwBindingError('function ' + humanName + ': no fixed-arity invoker for its ' + arity +
        ' arguments and their types (wasm/bindings/invokers.js)');
    }
    var invoker = fixedArityInvoker(arity, invoke, fn, r, a, b, c, d, e);
    // The facade copies the bindings from here into its own object (lib/module.js).
    (Module['embindBindings'] = Module['embindBindings'] || {})[humanName] = invoker;
    return invoker;
  },
  $fixedArityInvoker: function (arity, invoke, fn, r, a, b, c, d, e) {
    switch (arity) {
      case 0: return function () { return r['fromWireType'](invoke(fn)); };
      case 1: return function (x) { return r['fromWireType'](invoke(fn, a['toWireType'](null, x))); };
      case 2: return function (x, y) {
        return r['fromWireType'](invoke(fn, a['toWireType'](null, x), b['toWireType'](null, y)));
      };
      case 3: return function (x, y, z) {
        return r['fromWireType'](invoke(fn, a['toWireType'](null, x), b['toWireType'](null, y), c['toWireType'](null, z)));
      };
      case 4: return function (x, y, z, w) {
        return r['fromWireType'](invoke(fn, a['toWireType'](null, x), b['toWireType'](null, y), c['toWireType'](null, z),
          d['toWireType'](null, w)));
      };
      default: return function (x, y, z, w, v) {
        return r['fromWireType'](invoke(fn, a['toWireType'](null, x), b['toWireType'](null, y), c['toWireType'](null, z),
          d['toWireType'](null, w), e['toWireType'](null, v)));
      };
    }
  },
  // Names a type in a binding error; stock Embind asks C++, whose type-name helper needs printf.
  $getTypeName: function (type) {
    return 'type #' + type;
  },
};
mergeInto(LibraryManager.library, brandedInvokers);
