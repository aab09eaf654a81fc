// len, index and slice over strings, JSON arrays and JSON objects, with Go's
// bounds rules and messages. Lengths and offsets of strings are in bytes.
#include "Funcs.hxx"

namespace osprey::tmpl {

namespace {

// Go's indexArg: an integer in [0, cap].
std::size_t
IndexArg(const Datum &index, std::size_t cap)
{
	std::int64_t x;
	switch (index.kind) {
	case Datum::Kind::Int:
		x = index.i;
		break;
	case Datum::Kind::Uint:
		x = static_cast<std::int64_t>(index.u);
		break;
	case Datum::Kind::Number:
		// Osprey: an integral JSON number is an integer.
		if (const auto v = index.json->ToInt64()) {
			x = *v;
			break;
		}
		throw FuncError("cannot index slice/array with type float64");
	case Datum::Kind::Missing:
		throw FuncError("cannot index slice/array with nil");
	default:
		throw FuncError("cannot index slice/array with type " + std::string(index.TypeName()));
	}
	if (x < 0 || static_cast<std::uint64_t>(x) > cap)
		throw FuncError("index out of range: " + std::to_string(x));
	return static_cast<std::size_t>(x);
}

} // namespace

Datum
Len(const Datum &item)
{
	switch (item.kind) {
	case Datum::Kind::String:
		return Datum::Int(static_cast<std::int64_t>(item.str.size()));
	case Datum::Kind::Array:
		return Datum::Int(static_cast<std::int64_t>(item.ArraySize()));
	case Datum::Kind::Object:
		return Datum::Int(static_cast<std::int64_t>(item.json->Size()));
	case Datum::Kind::Missing:
		throw FuncError("len of nil pointer");
	default:
		throw FuncError("len of type " + std::string(item.TypeName()));
	}
}

Datum
Index(const Datum &start, std::span<const Datum> indexes)
{
	if (start.IsMissing())
		throw FuncError("index of untyped nil");
	Datum item = start;
	for (const Datum &index : indexes) {
		switch (item.kind) {
		case Datum::Kind::Missing:
			throw FuncError("index of nil pointer"); // a null element
		case Datum::Kind::String: {
			const std::size_t x = IndexArg(index, item.str.size());
			if (x >= item.str.size())
				throw FuncError("reflect: string index out of range");
			item = Datum::Uint(static_cast<unsigned char>(item.str[x]));
			break;
		}
		case Datum::Kind::Array: {
			const std::size_t x = IndexArg(index, item.ArraySize());
			if (x >= item.ArraySize())
				throw FuncError("reflect: slice index out of range");
			item = Datum::FromJson(item.begin()[x]);
			break;
		}
		case Datum::Kind::Object: {
			if (index.IsMissing())
				throw FuncError("value is nil; should be of type string");
			if (index.kind != Datum::Kind::String)
				throw FuncError("value has type " + std::string(index.TypeName()) +
						"; should be string");
			const json::Value *v = item.json->Find(index.str);
			item = v != nullptr ? Datum::FromJson(*v) : Datum();
			break;
		}
		default:
			throw FuncError("can't index item of type " + std::string(item.TypeName()));
		}
	}
	return item;
}

Datum
Slice(const Datum &item, std::span<const Datum> indexes)
{
	if (item.IsMissing())
		throw FuncError("slice of untyped nil");
	if (indexes.size() > 3)
		throw FuncError("too many slice indexes: " + std::to_string(indexes.size()));
	std::size_t len;
	switch (item.kind) {
	case Datum::Kind::String:
		if (indexes.size() == 3)
			throw FuncError("cannot 3-index slice a string");
		len = item.str.size();
		break;
	case Datum::Kind::Array:
		len = item.ArraySize();
		break;
	default:
		throw FuncError("can't slice item of type " + std::string(item.TypeName()));
	}
	std::size_t idx[3] = {0, len, len};
	for (std::size_t i = 0; i < indexes.size(); ++i)
		idx[i] = IndexArg(indexes[i], len);
	if (idx[0] > idx[1])
		throw FuncError("invalid slice index: " + std::to_string(idx[0]) + " > " +
				std::to_string(idx[1]));
	if (indexes.size() == 3 && idx[1] > idx[2])
		throw FuncError("invalid slice index: " + std::to_string(idx[1]) + " > " +
				std::to_string(idx[2]));
	Datum result = item;
	if (item.kind == Datum::Kind::String) {
		result.str = item.str.substr(idx[0], idx[1] - idx[0]);
	} else {
		result.lo = item.lo + static_cast<std::uint32_t>(idx[0]);
		result.hi = item.lo + static_cast<std::uint32_t>(idx[1]);
	}
	return result;
}

} // namespace osprey::tmpl
