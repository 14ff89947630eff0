import { messages, type PlanDurationType, type ShopPlan } from '@chaveiro/contract';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { formatBRL } from '@/lib/format';

const planNames = messages.plans;
/** The group's name is this before the product's ("Plano: Aimbot Pro"). */
const PLAN = 'Plano';

/** The plans of one product as selectable tiles (the shop's cards, the renewal): name and price. */
export function PlanPicker({
  productId,
  productName,
  plans,
  value,
  onChange,
}: {
  productId: string;
  productName: string;
  plans: ShopPlan[];
  /** Null: none chosen yet. */
  value: PlanDurationType | null;
  onChange: (value: PlanDurationType) => void;
}) {
  return (
    <RadioGroup
      value={value ?? ''}
      onValueChange={(next) => onChange(next as PlanDurationType)}
      aria-label={`${PLAN}: ${productName}`}
      className="grid grid-cols-2 gap-2"
    >
      {plans.map((plan) => {
        const id = `plan-${productId}-${plan.duration_type}`;
        return (
          <Label
            key={plan.duration_type}
            htmlFor={id}
            className="has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5 hover:bg-accent/50 flex cursor-pointer items-start gap-2 rounded-lg border p-2.5 font-normal transition-colors"
          >
            <RadioGroupItem value={plan.duration_type} id={id} className="mt-0.5" />
            <span className="grid min-w-0 gap-0.5">
              <span className="text-sm font-medium">{planNames[plan.duration_type]}</span>
              <span className="text-xs tabular-nums">{formatBRL(plan.price)}</span>
            </span>
          </Label>
        );
      })}
    </RadioGroup>
  );
}
