import HTTPTypes

extension HTTPField.Name {
    /// Whether `other` is this name: `==`, with the lengths compared first. Most names looked for
    /// differ in length from most names present, and `String`'s `==` on two different names runs
    /// a comparison (some 120 instructions); every request and response has its fields searched
    /// a dozen times.
    func matches(_ other: HTTPField.Name) -> Bool {
        let mine = canonicalName, theirs = other.canonicalName
        return mine.utf8.count == theirs.utf8.count && mine == theirs
    }
}

extension HTTPFields {
    /// Whether a field named `name` is present: `contains(_:)`, with names matched by `matches`.
    func has(_ name: HTTPField.Name) -> Bool {
        firstIndex(named: name, from: startIndex) != nil
    }

    /// The position of the first field named `name` at or after `start`. (By index: a loop over
    /// the fields themselves copies each whole field, value and all, to read its name.)
    func firstIndex(named name: HTTPField.Name, from start: Int) -> Int? {
        var index = start
        while index < endIndex {
            if self[index].name.matches(name) { return index }
            index += 1
        }
        return nil
    }
}
