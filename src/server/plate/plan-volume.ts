// The planner of `set` ops lives in the domain, shared with the designer's previews.
export { planVolumeFor, plannedWellVolume, vehicleOnStepFor } from '../../domain/plate/plan-volume';
