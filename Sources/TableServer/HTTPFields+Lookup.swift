import HTTPTypes

extension HTTPFields {
    /// The value of the field `name` as `self[name]` gives it (the values of several such fields
    /// joined, `nil` for none), but a lone field's value as it is: the subscript joins whatever
    /// it finds, one value too, and every request looks up several headers.
    func value(of name: HTTPField.Name) -> String? {
        guard let first = firstIndex(named: name, from: startIndex) else { return nil }
        return firstIndex(named: name, from: first + 1) != nil ? self[name] : self[first].value
    }
}
