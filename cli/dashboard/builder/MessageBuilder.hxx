// The message builder's state, free of any UI: the dashboard's builder view
// draws it and forwards keys to it.
#pragma once

#include "Field.hxx"
#include "Message.hxx"
#include "config/Home.hxx"
#include "store/PayloadStore.hxx"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::builder {

class MessageBuilder {
	Home home;
	std::string pipeline;
	std::vector<StoredPayload> payloads; // newest first
	std::size_t current = 0;
	json::Value body, headers;
	std::vector<Field> fields;
	std::vector<Selection> selections;

public:
	/// Opens the newest stored payload of @p pipeline. Throws
	/// NoPayloadError (there is none), std::system_error (unreadable).
	MessageBuilder(Home home, std::string pipeline);

	const std::string &Pipeline() const noexcept { return pipeline; }

	/// Stored payloads, newest first; CurrentPayload() indexes them.
	const std::vector<StoredPayload> &Payloads() const noexcept { return payloads; }
	std::size_t CurrentPayload() const noexcept { return current; }
	/// Switches to payload @p i (0 = newest); selections are kept (by path),
	/// also those the new payload lacks (they preview as <no value>).
	void SwitchPayload(std::size_t i);

	const json::Value &Body() const noexcept { return body; }
	const std::vector<Field> &Fields() const noexcept { return fields; }

	/// Indices into Fields() whose display path contains @p text (all for "").
	std::vector<std::size_t> Filter(std::string_view text) const;

	/// Selects Fields()[i] (label derived, appended last) or unselects it.
	void Toggle(std::size_t i);
	bool IsSelected(std::size_t i) const noexcept;

	const std::vector<Selection> &Selections() const noexcept { return selections; }
	void SetLabel(std::size_t selection, std::string label);

	/// The composed channel.message.
	std::string Message() const { return ComposeMessage(selections); }
	/// The message rendered against the current payload.
	Preview RenderPreview() const;
	/// Writes Message() into pipeline.yaml (see SaveMessage()).
	void Save() const;
};

} // namespace osprey::builder
