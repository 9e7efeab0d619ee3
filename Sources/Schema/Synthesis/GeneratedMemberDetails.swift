/// The details of generated arguments and input fields: one shared box per combination (see `InputValueDetails`).
extension InputValueDetails {
    private static let forbidden = [PreludeDSL.forbiddenInVariables]
    private static let anyRows = ConstValue.object([.init(name: "gt", value: 0)])

    private static func forbiddenInVariables(_ description: String) -> InputValueDetails {
        InputValueDetails(description: description, directives: forbidden)
    }

    // Members of the per-enum helper types, which the emulator leaves undescribed.
    static let forbiddenInVariables = InputValueDetails(directives: forbidden)
    static let countDefault = InputValueDetails(defaultValue: anyRows)

    // `_Key` and `_Data`.
    static let primaryKeyField = InputValueDetails(description: "A primary-key field.")
    static let setsColumn = InputValueDetails(description: "Sets the column.")
    static let setsList = InputValueDetails(description: "Sets the list.")
    static let serverDate = forbiddenInVariables("A date computed on the server.")
    static let serverExpression = forbiddenInVariables("A CEL expression evaluated on the server.")
    static let serverInstant = forbiddenInVariables("An instant computed on the server.")
    static let changesColumn = forbiddenInVariables("Changes the column relative to its current value.")
    static let changesList = forbiddenInVariables("Changes the list in place.")
    static let embedsVector = forbiddenInVariables("Sets the vector by embedding text on the server.")
    static let setsForeignKey = forbiddenInVariables("Sets the foreign key to the key of the referenced row.")
    static let writesReferencingRows = InputValueDetails(description: "Also writes these referencing rows.")
    static let writesReferencingRow = InputValueDetails(description: "Also writes this referencing row.")

    // `_Filter`, `_FirstRow`, `_ListFilter`, `_Order`, `_Having`.
    static let everyConditionHolds = InputValueDetails(description: "Every condition must hold.")
    static let conditionDoesNotHold = InputValueDetails(description: "The condition must not hold.")
    static let someConditionHolds = InputValueDetails(description: "At least one condition must hold.")
    static let conditionOnColumn = InputValueDetails(description: "Condition on the column.")
    static let conditionOnReferencedRow = InputValueDetails(description: "Condition on the referenced row.")
    static let conditionOnRelatedRows = InputValueDetails(description: "Condition on the related rows.")
    static let conditionOnRelatedRow = InputValueDetails(description: "Condition on the related row.")
    static let firstRowOrder = InputValueDetails(description: "Sort order.")
    static let firstRowCondition = InputValueDetails(description: "Condition the row must match.")
    static let relatedRowCount = InputValueDetails(
        description: "Condition on the number of matching rows.", defaultValue: anyRows)
    static let relatedRowsExist = InputValueDetails(description: "Condition that related rows must match.")
    static let sortByColumn = InputValueDetails(description: "Sort by this column.")
    static let sortByReferencedRow = InputValueDetails(description: "Sort by the referenced row.")
    static let sortByAggregate = InputValueDetails(description: "Sort groups by this aggregate.")
    static let conditionOnAggregate = InputValueDetails(description: "Condition on this aggregate.")
    static let distinctAggregate = InputValueDetails(description: "Aggregate distinct values only.")

    // Arguments of generated fields.
    static let distinctArgument = InputValueDetails(description: "Aggregate distinct values only.", defaultValue: false)
    static let listWhere = InputValueDetails(description: "Only rows matching this condition.")
    static let listOrderBy = InputValueDetails(description: "Sort order; earlier entries take precedence.")
    static let listOffset = InputValueDetails(description: "Number of rows to skip.")
    static let listLimit = InputValueDetails(description: "Largest number of rows to return.", defaultValue: 100)
    static let listDistinct = InputValueDetails(description: "Return each distinct row once.", defaultValue: false)
    static let listHaving = InputValueDetails(description: "Only groups matching this condition, when aggregates are selected.")
    static let keyID = InputValueDetails(description: "The row's `id`.")
    static let keyIDExpression = InputValueDetails(description: "The row's `id`, computed on the server.")
    static let keyArgument = InputValueDetails(description: "The row's primary key.")
    static let firstArgument = InputValueDetails(description: "Picks the first row matching a filter and order instead of a key.")
    static let similarityCompare = InputValueDetails(description: "The vector to compare with.")
    static let similarityCompareEmbed = InputValueDetails(description: "Text to embed on the server and compare with.")
    static let similarityMethod = InputValueDetails(description: "How distance is measured.", defaultValue: .enumValue("INNER_PRODUCT"))
    static let similarityWithin = InputValueDetails(description: "Largest distance to include.")
    static let searchQuery = InputValueDetails(description: "The text to search for.")
    static let searchRelevance = InputValueDetails(description: "Smallest relevance to include.", defaultValue: .int("0"))
    static let searchQueryFormat = InputValueDetails(description: "How `query` is interpreted.", defaultValue: .enumValue("QUERY"))
    static let mutationData = InputValueDetails(description: "The column values.")
    static let mutationDataList = InputValueDetails(description: "The column values of each row.")
    static let mutationAll = InputValueDetails(description: "Set to true to act on every row when `where` is not given.", defaultValue: false)
}
