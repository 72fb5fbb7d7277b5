// Embind invokers for Emscripten 3.1.6 under -sDYNAMIC_EXECUTION=0 (a --js-library; see wasm/README.md,
// "Bindings"). Stock 3.1.6 then wraps every binding in one generic closure that builds an argument array
// and calls .apply; with dynamic execution it would generate a fixed-arity invoker with new Function, which
// a strict CSP refuses. These are those fixed-arity invokers, written out once per arity: what Emscripten
// later generated at link time (-sEMBIND_AOT, then by default). They serve free functions of the number
// types bindings/types.cpp registers; a binding outside that is refused at load, naming itself.
var brandedInvokers = {
  $craftInvokerFunction__deps: ['$throwBindingError', '$fixedArityInvoker', '$getWasmTableEntry', '$isNumberType'],
  $craftInvokerFunction: function (humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc) {
    var arity = argTypes.length - 2;
    var numbers = classType === null && argTypes[1] === null && arity <= 6 &&
      (argTypes[0].name === 'void' || isNumberType(argTypes[0].name));
    for (var i = 2; i < argTypes.length; ++i) {
      if (!isNumberType(argTypes[i].name)) numbers = false;
    }
    if (!numbers) {
      throwBindingError('function ' + humanName + ': no fixed-arity invoker for its ' + arity +
        ' arguments and their types (wasm/bindings/invokers.js)');
    }
    // Embind's C++ invoker only forwards numbers unchanged (BindingType of an arithmetic type is the
    // identity), so the bound function is called straight from the table, one call fewer.
    var target = getWasmTableEntry(cppTargetFunc);
    var invoker = fixedArityInvoker(arity, target, argTypes[0], argTypes.slice(2));
    // The facade copies the bindings from here into its own object (lib/module.js).
    (Module['embindBindings'] = Module['embindBindings'] || {})[humanName] = invoker;
    return invoker;
  },
  $fixedArityInvoker__deps: ['$passesAsIs'],
  $fixedArityInvoker: function (arity, f, r, types) {
    var a = types[0], b = types[1], c = types[2], d = types[3], e = types[4], g = types[5];
    if (types.every(function (type) { return passesAsIs(type, 'toWireType'); })) {
      if (passesAsIs(r, 'fromWireType')) return f;
      switch (arity) {
        case 0: return function () { return r['fromWireType'](f()); };
        case 1: return function (x) { return r['fromWireType'](f(x)); };
        case 2: return function (x, y) { return r['fromWireType'](f(x, y)); };
        case 3: return function (x, y, z) { return r['fromWireType'](f(x, y, z)); };
        case 4: return function (x, y, z, w) { return r['fromWireType'](f(x, y, z, w)); };
        case 5: return function (x, y, z, w, v) { return r['fromWireType'](f(x, y, z, w, v)); };
        default: return function (x, y, z, w, v, u) { return r['fromWireType'](f(x, y, z, w, v, u)); };
      }
    }
    switch (arity) {
      case 1: return function (x) { return r['fromWireType'](f(a['toWireType'](null, x))); };
      case 2: return function (x, y) { return r['fromWireType'](f(a['toWireType'](null, x), b['toWireType'](null, y))); };
      case 3: return function (x, y, z) {
        return r['fromWireType'](f(a['toWireType'](null, x), b['toWireType'](null, y), c['toWireType'](null, z)));
      };
      case 4: return function (x, y, z, w) {
        return r['fromWireType'](f(a['toWireType'](null, x), b['toWireType'](null, y), c['toWireType'](null, z),
          d['toWireType'](null, w)));
      };
      case 5: return function (x, y, z, w, v) {
        return r['fromWireType'](f(a['toWireType'](null, x), b['toWireType'](null, y), c['toWireType'](null, z),
          d['toWireType'](null, w), e['toWireType'](null, v)));
      };
      default: return function (x, y, z, w, v, u) {
        return r['fromWireType'](f(a['toWireType'](null, x), b['toWireType'](null, y), c['toWireType'](null, z),
          d['toWireType'](null, w), e['toWireType'](null, v), g['toWireType'](null, u)));
      };
    }
  },
  // The number types bindings/types.cpp registers.
  $isNumberType: function (name) {
    return name === 'int' || name === 'unsigned int' || name === 'uint64_t' || name === 'double';
  },
  // Whether Embind's conversion of this type in this direction is the identity at the wasm boundary, so the
  // invoker can skip the call: without ASSERTIONS, int and double both ways, unsigned int into wasm (its
  // `>>> 0` and wasm's own ToInt32 give the same bits), void results. Everything else converts as stock.
  $passesAsIs: function (type, direction) {
#if ASSERTIONS
    return false;
#else
    var name = type.name;
    if (name === 'int' || name === 'double') return true;
    return direction === 'toWireType' ? name === 'unsigned int' : name === 'void';
#endif
  },
  // Names a type in a binding error; stock Embind asks C++, whose type-name helper needs printf.
  $getTypeName: function (type) {
    return 'type #' + type;
  },
};
mergeInto(LibraryManager.library, brandedInvokers);
