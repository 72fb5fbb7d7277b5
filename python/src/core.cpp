// branded._core: Python's objects in, the C ABI (branded/branded.h) called, plain tuples and bytes out. The
// Python layer (branded/__init__.py) gives them their types; no rule of the contract is written here.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <structmember.h>

#include <climits>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "branded/branded.h"

namespace py = pybind11;

namespace {

// The bytes of a str (UTF-8; lone surrogates kept as bytes a decoder refuses) or of a bytes-like object.
class Bytes {
 public:
  explicit Bytes(py::handle value) {
    if (PyUnicode_Check(value.ptr())) {
      Py_ssize_t size = 0;
      const char* data = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
      if (data != nullptr) {
        view_ = {data, static_cast<std::size_t>(size)};
        return;
      }
      PyErr_Clear();
      owned_ = py::reinterpret_steal<py::object>(PyUnicode_AsEncodedString(value.ptr(), "utf-8", "surrogatepass"));
      if (!owned_) throw py::error_already_set();
      view_ = {PyBytes_AS_STRING(owned_.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(owned_.ptr()))};
      return;
    }
    if (PyBytes_Check(value.ptr())) {
      view_ = {PyBytes_AS_STRING(value.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(value.ptr()))};
      return;
    }
    if (PyObject_CheckBuffer(value.ptr())) {
      buffer_ = py::reinterpret_borrow<py::buffer>(value).request();
      if (buffer_.itemsize != 1 || buffer_.ndim > 1) throw py::type_error("expected str or bytes");
      view_ = {static_cast<const char*>(buffer_.ptr), static_cast<std::size_t>(buffer_.size)};
      return;
    }
    throw py::type_error(std::string("expected str or bytes, not ") + Py_TYPE(value.ptr())->tp_name);
  }
  const char* data() const { return view_.data(); }
  std::size_t size() const { return view_.size(); }

 private:
  std::string_view view_;
  py::object owned_;
  py::buffer_info buffer_;
};

void require_integer(py::handle value) {
  if (!PyLong_Check(value.ptr()) || PyBool_Check(value.ptr()))
    throw py::type_error(std::string("expected int, not ") + Py_TYPE(value.ptr())->tp_name);
}

// A Snowflake argument: any int. One that does not fit 64 bits (negative or past 2^64 - 1) becomes 2^64 - 1, which
// core refuses as `range` like every value at or past 2^63: never wrapped into range.
std::uint64_t snowflake_of(py::handle value) {
  require_integer(value);
  const unsigned long long result = PyLong_AsUnsignedLongLong(value.ptr());
  if (result == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    return UINT64_MAX;
  }
  return result;
}

// An instant in unix ms: past 64 bits it saturates, and core refuses it as outside the horizon.
std::int64_t instant_of(py::handle value) {
  require_integer(value);
  int overflow = 0;
  const long long result = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow != 0) return overflow > 0 ? INT64_MAX : INT64_MIN;
  if (result == -1 && PyErr_Occurred()) throw py::error_already_set();
  return result;
}

// A node or a seq: negative or past 32 bits becomes 2^32 - 1, which core refuses (`node`, `range`).
std::uint32_t field_of(py::handle value) {
  require_integer(value);
  const std::uint64_t wide = snowflake_of(value);
  return wide > UINT32_MAX ? UINT32_MAX : static_cast<std::uint32_t>(wide);
}

py::str text(const char* data, std::size_t size) { return py::str(data, size); }

py::tuple fields_tuple(const branded_fields& f) {
  return py::make_tuple(py::str(f.ns, 3), f.snowflake, f.unix_ms, f.node, f.seq, f.hash32);
}

// (ns, snowflake, unix_ms, node, seq, hash32) when the id parses, else (error, offset).
py::tuple parse(py::handle value) {
  const Bytes id(value);
  branded_fields fields;
  std::int32_t offset = -1;
  const branded_error error = branded_parse(id.data(), id.size(), &fields, &offset);
  if (error != BRANDED_OK) return py::make_tuple(static_cast<int>(error), offset);
  return fields_tuple(fields);
}

py::tuple explanation_tuple(branded_error error, const branded_explanation& why) {
  if (error == BRANDED_OK) return py::tuple();
  return py::make_tuple(static_cast<int>(why.error), why.offset, why.remedy, why.found, py::str(why.suggestion),
                        py::str(why.message));
}

py::tuple explain(py::handle value, const std::string& kind) {
  const Bytes input(value);
  branded_explanation why;
  if (kind == "queue") return explanation_tuple(branded_explain_queue(input.data(), input.size(), &why), why);
  if (kind == "namespace") return explanation_tuple(branded_explain_namespace(input.data(), input.size(), &why), why);
  return explanation_tuple(branded_explain_id(input.data(), input.size(), &why), why);
}

// The columns of many ids: raw native-endian bytes per column, for numpy.frombuffer or array.array.
py::dict parse_many(py::iterable ids) {
  std::vector<std::uint64_t> snowflake;
  std::vector<std::int64_t> unix_ms;
  std::vector<std::uint16_t> node, seq;
  std::vector<std::uint32_t> hash32;
  std::vector<std::uint8_t> error;
  std::string ns;
  const auto add = [&](const char* data, std::size_t size) {
    branded_fields f;
    const branded_error refused = branded_parse(data, size, &f, nullptr);
    if (refused != BRANDED_OK) f = branded_fields{};  // a refused id's namespace is three NULs
    ns.append(f.ns, 3);
    snowflake.push_back(f.snowflake);
    unix_ms.push_back(f.unix_ms);
    node.push_back(static_cast<std::uint16_t>(f.node));
    seq.push_back(static_cast<std::uint16_t>(f.seq));
    hash32.push_back(f.hash32);
    error.push_back(static_cast<std::uint8_t>(refused));
  };
  // A list or tuple is read in place; any other iterable item by item. A str goes straight to its UTF-8 (the
  // common case, no object made per id); anything else through Bytes.
  const py::object sequence = py::reinterpret_steal<py::object>(PySequence_Fast(ids.ptr(), "expected an iterable"));
  if (!sequence) throw py::error_already_set();
  const Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence.ptr());
  PyObject** items = PySequence_Fast_ITEMS(sequence.ptr());
  const auto reserved = static_cast<std::size_t>(count);
  snowflake.reserve(reserved);
  unix_ms.reserve(reserved);
  node.reserve(reserved);
  seq.reserve(reserved);
  hash32.reserve(reserved);
  error.reserve(reserved);
  ns.reserve(3 * reserved);
  for (Py_ssize_t i = 0; i < count; ++i) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_Check(items[i]) ? PyUnicode_AsUTF8AndSize(items[i], &size) : nullptr;
    if (data != nullptr) {
      add(data, static_cast<std::size_t>(size));
    } else {
      PyErr_Clear();
      const Bytes bytes(items[i]);
      add(bytes.data(), bytes.size());
    }
  }
  const auto as_bytes = [](const auto& column) {
    return py::bytes(reinterpret_cast<const char*>(column.data()), column.size() * sizeof(column[0]));
  };
  py::dict columns;
  columns["count"] = error.size();
  columns["namespace"] = py::bytes(ns);
  columns["snowflake"] = as_bytes(snowflake);
  columns["unix_ms"] = as_bytes(unix_ms);
  columns["node"] = as_bytes(node);
  columns["seq"] = as_bytes(seq);
  columns["hash32"] = as_bytes(hash32);
  columns["error"] = as_bytes(error);
  return columns;
}

// A scan of one input fed in chunks; rows are (offset, line, id, snowflake, error).
class Scanner {
 public:
  py::list feed(py::handle chunk, bool final) {
    const Bytes bytes(chunk);
    pending_.append(bytes.data(), bytes.size());
    py::list rows;
    branded_scan_row batch[256];
    for (std::size_t got;
         (got = branded_scan_chunk(pending_.data(), pending_.size(), final ? 1 : 0, &cursor_, batch, 256)) > 0;) {
      for (std::size_t i = 0; i < got; ++i) {
        const branded_scan_row& row = batch[i];
        rows.append(py::make_tuple(row.offset, row.line, py::str(row.id, BRANDED_ID_LENGTH), row.snowflake, row.error));
      }
    }
    pending_.erase(0, cursor_.position);
    branded_scan_next_buffer(&cursor_);
    return rows;
  }

 private:
  std::string pending_;
  branded_scan_cursor cursor_{};
};

// A minter; the Python layer reads its clock and passes the instant (next_at), or none for the system's.
class Minter {
 public:
  Minter(py::handle ns, py::handle node) {
    const Bytes text(ns);
    const branded_error error =
        branded_minter_new(text.data(), text.size(), field_of(node), nullptr, nullptr, &minter_);
    if (error != BRANDED_OK) throw py::value_error(branded_error_name(error));
  }
  ~Minter() { branded_minter_free(minter_); }
  Minter(const Minter&) = delete;
  Minter& operator=(const Minter&) = delete;

  // (error, id, snowflake)
  py::tuple next(std::optional<py::object> now_ms) {
    char id[BRANDED_ID_LENGTH + 1] = "";
    std::uint64_t snowflake = 0;
    const branded_error error = now_ms ? branded_minter_next_at(minter_, instant_of(*now_ms), &snowflake, id)
                                       : branded_minter_next(minter_, &snowflake, id);
    return py::make_tuple(static_cast<int>(error), py::str(id), snowflake);
  }

 private:
  branded_minter* minter_ = nullptr;
};

// parse at the speed of a C call: the Parsed instance is made here, its slots written directly (what its frozen
// __init__ does through object.__setattr__, seven times slower), and a refusal raised as BrandedError.
struct ParsedClass {
  PyTypeObject* type = nullptr;
  PyObject* error_class = nullptr;
  Py_ssize_t offsets[7] = {};  // id, namespace, snowflake, unix_ms, node, seq, hash32
};
ParsedClass parsed_class;

void bind_classes(py::handle parsed, py::handle error) {
  static const char* const FIELDS[7] = {"id", "namespace", "snowflake", "unix_ms", "node", "seq", "hash32"};
  if (!PyType_Check(parsed.ptr())) throw py::type_error("bind: a class");
  for (int i = 0; i < 7; ++i) {
    py::object slot = parsed.attr("__dict__")[FIELDS[i]];
    if (!PyObject_TypeCheck(slot.ptr(), &PyMemberDescr_Type)) throw py::type_error("bind: Parsed needs slots");
    const PyMemberDef* member = reinterpret_cast<PyMemberDescrObject*>(slot.ptr())->d_member;
    if (member->type != T_OBJECT_EX) throw py::type_error("bind: Parsed's slots hold objects");
    parsed_class.offsets[i] = member->offset;
  }
  parsed_class.type = reinterpret_cast<PyTypeObject*>(Py_NewRef(parsed.ptr()));
  parsed_class.error_class = Py_NewRef(error.ptr());
}

PyObject* raise_refusal(const char* data, std::size_t size, branded_error error, std::int32_t offset) {
  branded_explanation why;
  branded_explain_id(data, size, &why);
  PyObject* refusal = PyObject_CallFunction(parsed_class.error_class, "ssi", branded_error_name(error), why.message,
                                            static_cast<int>(offset));
  if (refusal != nullptr) {
    PyErr_SetObject(parsed_class.error_class, refusal);
    Py_DECREF(refusal);
  }
  return nullptr;
}

PyObject* parse_to_parsed(PyObject*, PyObject* arg) {
  if (parsed_class.type == nullptr) return PyErr_Format(PyExc_RuntimeError, "branded: parse before bind");
  const char* data = nullptr;
  Py_ssize_t size = 0;
  PyObject* id_text = nullptr;  // the id as str: the argument itself when it is a str
  Py_buffer buffer{};
  bool buffered = false;
  if (PyUnicode_Check(arg)) {
    data = PyUnicode_AsUTF8AndSize(arg, &size);
    if (data == nullptr) {  // lone surrogates: their UTF-8 (surrogatepass) is no id, refused as core says
      PyErr_Clear();
      py::object bytes = py::reinterpret_steal<py::object>(PyUnicode_AsEncodedString(arg, "utf-8", "surrogatepass"));
      if (!bytes) return nullptr;
      const char* encoded = PyBytes_AS_STRING(bytes.ptr());
      const auto encoded_size = static_cast<std::size_t>(PyBytes_GET_SIZE(bytes.ptr()));
      std::int32_t offset = -1;
      const branded_error error = branded_parse(encoded, encoded_size, nullptr, &offset);
      return raise_refusal(encoded, encoded_size, error, offset);
    }
    id_text = arg;
  } else if (PyBytes_Check(arg)) {
    data = PyBytes_AS_STRING(arg);
    size = PyBytes_GET_SIZE(arg);
  } else if (PyObject_CheckBuffer(arg) && PyObject_GetBuffer(arg, &buffer, PyBUF_SIMPLE) == 0) {
    buffered = true;
    data = static_cast<const char*>(buffer.buf);
    size = buffer.len;
  } else {
    PyErr_Clear();
    return PyErr_Format(PyExc_TypeError, "expected str or bytes, not %s", Py_TYPE(arg)->tp_name);
  }
  branded_fields f;
  std::int32_t offset = -1;
  const branded_error error = branded_parse(data, static_cast<std::size_t>(size), &f, &offset);
  PyObject* result = nullptr;
  if (error != BRANDED_OK) {
    raise_refusal(data, static_cast<std::size_t>(size), error, offset);
  } else {
    PyObject* values[7] = {
        id_text != nullptr ? Py_NewRef(id_text) : PyUnicode_DecodeASCII(data, size, nullptr),
        PyUnicode_FromStringAndSize(f.ns, 3),
        PyLong_FromUnsignedLongLong(f.snowflake),
        PyLong_FromLongLong(f.unix_ms),
        PyLong_FromUnsignedLong(f.node),
        PyLong_FromUnsignedLong(f.seq),
        PyLong_FromUnsignedLong(f.hash32),
    };
    result = parsed_class.type->tp_alloc(parsed_class.type, 0);
    for (int i = 0; i < 7; ++i) {
      if (values[i] == nullptr || result == nullptr) {
        for (PyObject* value : values) Py_XDECREF(value);
        Py_XDECREF(result);
        result = nullptr;
        break;
      }
    }
    if (result != nullptr) {
      for (int i = 0; i < 7; ++i)
        *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(result) + parsed_class.offsets[i]) = values[i];
      // It holds str and int only, and is frozen: it can be in no cycle, so the collector need not walk it (as
      // CPython untracks a tuple of such values).
      if (PyObject_GC_IsTracked(result)) PyObject_GC_UnTrack(result);
    }
  }
  if (buffered) PyBuffer_Release(&buffer);
  return result;
}

PyMethodDef PARSE_DEF = {"parse", parse_to_parsed, METH_O,
                         "parse(id, /)\n--\n\nThe fields of an id as Parsed; BrandedError with the class and byte."};

py::object optional_text(const char* data, std::size_t size, bool ok) {
  return ok ? py::object(text(data, size)) : py::object(py::none());
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "The branded core's C ABI, for the package branded (import branded, not this module).";
  m.def("version", &branded_version);
  m.def("abi_version", &branded_abi_version);
  m.def("self_check", []() -> py::object {
    const char* failure = branded_self_check();
    return failure == nullptr ? py::object(py::none()) : py::object(py::str(failure));
  });
  m.def("error_name", &branded_error_name);
  m.def("remedy_name", &branded_remedy_name);
  m.def("instant_error_name", &branded_instant_error_name);
  m.def("epoch_ms", &branded_epoch_ms);
  m.def("horizon_ms", &branded_horizon_ms);
  m.attr("ID_LENGTH") = BRANDED_ID_LENGTH;
  m.def("kind_refusal", &branded_kind_refusal);

  m.def("parse", &parse);
  m.def("bind", &bind_classes);
  m.add_object("parse_to_parsed", py::reinterpret_steal<py::object>(PyCFunction_New(&PARSE_DEF, nullptr)));
  m.def("valid", [](py::handle value) {
    const Bytes id(value);
    return branded_valid(id.data(), id.size()) == 1;
  });
  m.def("fields_of", [](py::handle value) -> py::object {
    branded_fields f;
    if (branded_fields_of(snowflake_of(value), &f) != BRANDED_OK) return py::none();
    return py::make_tuple(f.snowflake, f.unix_ms, f.node, f.seq, f.hash32);
  });
  m.def("encode", [](py::handle ns, py::handle snowflake) {
    const Bytes text(ns);
    char id[BRANDED_ID_LENGTH + 1] = "";
    const branded_error error = branded_encode(text.data(), text.size(), snowflake_of(snowflake), id);
    return py::make_tuple(static_cast<int>(error), py::str(id));
  });
  m.def("compose", [](py::handle ms, py::handle node, py::handle seq) {
    std::uint64_t s = 0;
    const branded_error error = branded_compose(instant_of(ms), field_of(node), field_of(seq), &s);
    return py::make_tuple(static_cast<int>(error), s);
  });
  m.def("min_id", [](py::handle ns, py::handle ms) {
    const Bytes text(ns);
    char id[BRANDED_ID_LENGTH + 1] = "";
    const branded_error error = branded_min_id(text.data(), text.size(), instant_of(ms), id);
    return py::make_tuple(static_cast<int>(error), py::str(id));
  });
  m.def("hash32", [](py::handle value) -> py::object {
    const std::uint64_t s = snowflake_of(value);
    if (branded_fields_of(s, nullptr) != BRANDED_OK) return py::none();
    return py::int_(branded_hash32(s));
  });
  m.def("iso", [](py::handle ms) {
    char out[BRANDED_ISO_LENGTH + 1];
    return optional_text(out, BRANDED_ISO_LENGTH, branded_iso(instant_of(ms), out) == BRANDED_OK);
  });
  m.def("stream_id", [](py::handle value) {
    char out[BRANDED_MAX_ENTRY_ID_LENGTH + 1];
    const std::size_t size = branded_stream_id(snowflake_of(value), out);
    return optional_text(out, size, size > 0);
  });
  m.def("parse_stream_id", [](py::handle value) {
    const Bytes text(value);
    std::uint64_t ms = 0, seq = 0, s = 0;
    branded_error error = branded_parse_stream_id(text.data(), text.size(), &ms, &seq);
    if (error == BRANDED_OK) error = branded_snowflake_of_stream_id(ms, seq, &s);
    return py::make_tuple(static_cast<int>(error), s);
  });
  m.def("stream_window", [](py::handle t0, py::handle t1) {
    branded_window w;
    const branded_error error = branded_stream_window(instant_of(t0), instant_of(t1), &w);
    if (error != BRANDED_OK) return py::make_tuple(static_cast<int>(error));
    return py::make_tuple(0, py::str(w.start), py::str(w.end), py::str(w.inclusive_end));
  });
  m.def("valid_queue", [](py::handle value) {
    const Bytes text(value);
    return branded_valid_queue(text.data(), text.size()) == 1;
  });
  m.def("job_key", [](py::handle queue, py::handle id) {
    const Bytes q(queue), i(id);
    std::string key(q.size() + i.size() + 32, '\0');
    std::size_t size = 0;
    const branded_error error = branded_job_key(q.data(), q.size(), i.data(), i.size(), key.data(), key.size(), &size);
    return py::make_tuple(static_cast<int>(error), py::str(key.data(), error == BRANDED_OK ? size : 0));
  });
  m.def("slot", [](py::handle key) {
    const Bytes text(key);
    return branded_slot(text.data(), text.size());
  });
  m.def("wire_gate_admits", [](py::handle id) {
    const Bytes text(id);
    return branded_wire_gate_admits(text.data(), text.size()) == 1;
  });
  m.def("parse_instant", [](py::handle value, py::handle now, py::handle base) {
    const Bytes text(value);
    std::int64_t ms = 0;
    const int error = branded_parse_instant(text.data(), text.size(), instant_of(now), instant_of(base), &ms);
    return py::make_tuple(error, ms);
  });
  m.def("explain", &explain, py::arg("input"), py::arg("kind") = "id");
  m.def("parse_many", &parse_many);
  m.def("decode_row", [](py::handle value, bool json) {
    const Bytes input(value);
    std::string row(8 * input.size() + 512, '\0');
    const std::size_t size = branded_decode_row(input.data(), input.size(), json ? 1 : 0, row.data(), row.size());
    return py::str(row.data(), size);
  });
  m.def("scan_row_text", [](std::uint64_t offset, std::uint64_t line, const std::string& id, std::uint64_t snowflake,
                            int error, bool json) {
    branded_scan_row row{offset, line, snowflake, error, {}};
    std::memcpy(row.id, id.data(), std::min<std::size_t>(id.size(), BRANDED_ID_LENGTH));
    char out[BRANDED_MAX_ROW_BYTES + 1];
    return py::str(out, branded_scan_row_text(&row, json ? 1 : 0, out, sizeof out));
  });
  py::class_<Scanner>(m, "Scanner").def(py::init<>()).def("feed", &Scanner::feed);
  py::class_<Minter>(m, "Minter").def(py::init<py::handle, py::handle>()).def("next", &Minter::next);
}
