#include "RequestParser.hxx"

namespace osprey::llhttp {

namespace {

using Handler = RequestParser::Handler;

inline Handler &
HandlerOf(llhttp_t *p) noexcept
{
	return *static_cast<Handler *>(p->data);
}

inline std::string_view
View(const char *at, std::size_t length) noexcept
{
	return {at, length};
}

int OnMessageBegin(llhttp_t *p) noexcept { return HandlerOf(p).OnMessageBegin(); }
int OnUrl(llhttp_t *p, const char *at, std::size_t n) noexcept { return HandlerOf(p).OnUrl(View(at, n)); }
int OnHeaderField(llhttp_t *p, const char *at, std::size_t n) noexcept
{
	return HandlerOf(p).OnHeaderField(View(at, n));
}
int OnHeaderFieldComplete(llhttp_t *p) noexcept { return HandlerOf(p).OnHeaderFieldComplete(); }
int OnHeaderValue(llhttp_t *p, const char *at, std::size_t n) noexcept
{
	return HandlerOf(p).OnHeaderValue(View(at, n));
}
int OnHeaderValueComplete(llhttp_t *p) noexcept { return HandlerOf(p).OnHeaderValueComplete(); }
int OnHeadersComplete(llhttp_t *p) noexcept { return HandlerOf(p).OnHeadersComplete(); }
int OnBody(llhttp_t *p, const char *at, std::size_t n) noexcept { return HandlerOf(p).OnBody(View(at, n)); }
int OnMessageComplete(llhttp_t *p) noexcept { return HandlerOf(p).OnMessageComplete(); }

llhttp_settings_t
MakeSettings() noexcept
{
	llhttp_settings_t s;
	llhttp_settings_init(&s);
	s.on_message_begin = OnMessageBegin;
	s.on_url = OnUrl;
	s.on_header_field = OnHeaderField;
	s.on_header_field_complete = OnHeaderFieldComplete;
	s.on_header_value = OnHeaderValue;
	s.on_header_value_complete = OnHeaderValueComplete;
	s.on_headers_complete = OnHeadersComplete;
	s.on_body = OnBody;
	s.on_message_complete = OnMessageComplete;
	return s;
}

// llhttp keeps a pointer to the settings for the parser's whole life.
const llhttp_settings_t settings = MakeSettings();

} // namespace

RequestParser::RequestParser(Handler &handler) noexcept
{
	llhttp_init(&parser, HTTP_REQUEST, &settings);
	parser.data = &handler;
}

RequestParser::Result
RequestParser::Execute(std::string_view data) noexcept
{
	const llhttp_errno_t error = llhttp_execute(&parser, data.data(), data.size());
	if (error == HPE_OK)
		return {error, data.size()};
	const char *pos = llhttp_get_error_pos(&parser);
	const std::size_t consumed = pos != nullptr && pos >= data.data() &&
		pos <= data.data() + data.size() ? std::size_t(pos - data.data()) : data.size();
	return {error, consumed};
}

std::string_view
RequestParser::MethodName() const noexcept
{
	return llhttp_method_name(llhttp_method_t(parser.method));
}

} // namespace osprey::llhttp
