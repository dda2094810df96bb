import Foundation

extension SceneJSON {
    /// The twin as JSONEncoder writes it with sorted keys, pretty-printed and slashes left as they
    /// are, written by hand (the encoder's intermediate values cost more than a long list's
    /// snapshot). The keys are written in the order of their UTF-8 bytes, as the encoder sorts
    /// them; the tests hold both outputs equal, and every stored property to a key.
    public func encoded() -> Data {
        var json = PrettyJSON()
        json.object { json in
            json.field("footerTitle", footerTitle)
            json.field("headerStyle", headerStyle)
            json.field("headerTitle", headerTitle)
            json.field("isEditing", isEditing)
            json.field("notes") { json in json.array(notes) { json, note in json.string(note) } }
            json.field("notice", notice)
            json.field("path") { json in json.array(path) { json, segment in json.string(segment) } }
            json.field("revision", revision)
            if let sectionIndex { json.field("sectionIndex") { json in json.array(sectionIndex) { json, entry in entry.write(to: &json) } } }
            json.field("sections") { json in json.array(sections) { json, section in section.write(to: &json) } }
            json.field("stack") { json in json.array(stack) { json, level in level.write(to: &json) } }
            json.field("style", style)
            json.field("title", title)
        }
        return Data(json.bytes)
    }
}

extension SceneJSON.IndexTitle {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("accessibilityLabel", accessibilityLabel)
            json.field("accessibilityLanguage", accessibilityLanguage)
            json.field("section", section)
            json.field("title", title)
        }
    }
}

extension SceneJSON.Level {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("key", key)
            json.field("scene", scene)
            json.field("title", title)
        }
    }
}

extension SceneJSON.Section {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("footerTitle", footerTitle)
            if let footerView { json.field("footerView") { json in footerView.write(to: &json) } }
            json.field("headerTitle", headerTitle)
            if let headerView { json.field("headerView") { json in headerView.write(to: &json) } }
            json.field("index", index)
            json.field("rows") { json in json.array(rows) { json, row in row.write(to: &json) } }
        }
    }
}

extension SceneJSON.TemplateViewJSON {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("template", template)
            json.field("values") { json in json.dictionary(values) }
        }
    }
}

extension SceneJSON.Row {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("accessory", accessory)
            json.field("accessoryTemplate", accessoryTemplate)
            if let accessoryValues { json.field("accessoryValues") { json in json.dictionary(accessoryValues) } }
            json.field("canMoveDown", canMoveDown)
            json.field("canMoveUp", canMoveUp)
            json.field("canSwipeToDelete", canSwipeToDelete)
            json.field("deleteConfirmationTitle", deleteConfirmationTitle)
            json.field("detailText", detailText)
            json.field("editingAccessory", editingAccessory)
            json.field("editingStyle", editingStyle)
            json.field("height", height)
            json.field("heightIsEstimate", heightIsEstimate)
            json.field("highlights", highlights)
            json.field("indentationLevel", indentationLevel)
            json.field("indentsWhileEditing", indentsWhileEditing)
            json.field("indexPath", indexPath)
            json.field("insertionPlacement", insertionPlacement)
            json.field("isChecked", isChecked)
            json.field("isMovable", isMovable)
            json.field("isOn", isOn)
            json.field("isSelectable", isSelectable)
            json.field("key", key)
            json.field("style", style)
            json.field("template", template)
            if let templateValues { json.field("templateValues") { json in json.dictionary(templateValues) } }
            json.field("text", text)
            if let value { json.field("value") { json in json.number(value) } }
        }
    }
}
