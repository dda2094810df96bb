import HTTPTypes

extension HTTPFields {
    /// The value of the field `name` as `self[name]` gives it (the values of several such fields
    /// joined, `nil` for none), but a lone field's value as it is: the subscript joins whatever
    /// it finds, one value too, and every request looks up several headers.
    func value(of name: HTTPField.Name) -> String? {
        guard let first = firstIndex(named: name, from: startIndex) else { return nil }
        return firstIndex(named: name, from: first + 1) != nil ? self[name] : self[first].value
    }

    /// Whether a request says `close` anywhere in its Connection value. `RequestHeadCheck` has
    /// spelt every way of asking as `Connection: close` by then; read loosely, so that the warm
    /// path leaves to the router any request that might ask.
    var mayAskToClose: Bool {
        value(of: .connection)?.lowercased().contains("close") == true
    }

    /// Whether a field named `name` is present: `contains(_:)`, with names compared by `matches`.
    func has(_ name: HTTPField.Name) -> Bool {
        firstIndex(named: name, from: startIndex) != nil
    }

    /// The position of the first field named `name` at or after `start`. (By index: the
    /// optimizer then reads the name alone, where a loop over the fields copies each one.)
    func firstIndex(named name: HTTPField.Name, from start: Int) -> Int? {
        var index = start
        while index < endIndex {
            if self[index].name.matches(name) { return index }
            index += 1
        }
        return nil
    }
}
