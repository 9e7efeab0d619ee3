#if !canImport(Combine)
/// Without Combine (Linux) there is no `ObservableObject`, so packages generated with
/// `observablePublisher: observableObject` get the Observation-based ref under Firebase's name:
/// the same members (`data`, `source`, `lastError`, `execute(fetchPolicy:)`, `subscribe()`), so
/// generated code compiles and behaves alike.
public typealias QueryRefObservableObject<ResultData: Decodable & Sendable, Variable: OperationVariable> =
    QueryRefObservation<ResultData, Variable>
#endif
